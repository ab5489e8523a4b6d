"""Where a fresh kernel's CPU goes until the first result of a cell, thread by thread.

    python start_cpu.py [--rounds N] KERNEL CODE

Starts the kernel through jupyter_client, as a notebook does, with MARKETLAB_TRACE_START=1 (the MarketLab kernel then
prints its start milestones, with the process's and the marking thread's CPU so far, to its standard error, which
jupyter_client passes through). While the kernel starts, the threads of its process are read from /proc every few
milliseconds, so a thread that has ended by the time of the result (JShell's start, the sandbox's warm-up) is still
counted, by its last reading. At the result it prints the process's CPU and the CPU of each thread name (the kernel's
own threads by name; the JVM's by theirs: "C1 CompilerThre", "GC Thread#0", "java" for the main thread), largest
first. Linux only; for whoever works on the kernel's start (docs/performance.md, "Where the kernel's CPU goes").
"""
import argparse
import glob
import os
import sys
import threading
import time
from collections import defaultdict

from cold_start import run_cell, start, stat_cpu, stop


class ThreadWatch:
    """The last CPU reading and name of every thread of a process, read until stopped."""

    def __init__(self, pid):
        self.pid = pid
        self.last = {}
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while self.running:
            self.read()
            time.sleep(0.003)

    def read(self):
        for task in glob.glob(f"/proc/{self.pid}/task/*"):
            try:
                with open(task + "/comm") as c, open(task + "/stat") as s:
                    self.last[task] = (c.read().strip(), stat_cpu(s.read()))
            except (OSError, ValueError, IndexError):
                pass  # the thread ended between the listing and the reading

    def stop(self):
        self.running = False
        self.thread.join()
        self.read()


def one(kernel, code, timeout):
    started = time.perf_counter()
    km, kc = start(kernel, env=dict(os.environ, MARKETLAB_TRACE_START="1"))
    watch = ThreadWatch(km.provisioner.process.pid)
    try:
        ready, result, _ = run_cell(kc, kernel, code, started, timeout)
        watch.stop()
        with open(f"/proc/{watch.pid}/stat") as s:
            process = stat_cpu(s.read())
        by_name = defaultdict(float)
        for name, seconds in watch.last.values():
            by_name[name] += seconds
        return ready, result, process, by_name
    finally:
        watch.running = False
        stop(km, kc)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("kernel")
    parser.add_argument("code")
    args = parser.parse_args()
    for r in range(1, args.rounds + 1):
        ready, result, process, by_name = one(args.kernel, args.code, args.timeout)
        with open("/proc/loadavg") as f:
            load = " ".join(f.read().split()[:3])
        print(f"round {r}: ready {ready:.3f} s, result {result:.3f} s, process CPU {process:.2f} s, "
              f"threads counted {sum(by_name.values()):.2f} s (load {load})", flush=True)
        for name, seconds in sorted(by_name.items(), key=lambda kv: -kv[1]):
            if seconds >= 0.005:
                print(f"  {seconds:5.2f}  {name}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
