"""Cold start of Jupyter kernels: from asking jupyter_client to start a kernel process to the first
execute_result of a cell, the way a notebook's first cell experiences it.

    python cold_start.py [--rounds N] [--after-ready SECONDS] KERNEL=CODE [KERNEL=CODE ...]

Each round starts a fresh kernel process for every KERNEL=CODE given, in that order. Prints one line per start:
    START <index of the KERNEL=CODE> <kernel> <round> <ready seconds> <first result seconds>
          <CPU seconds of the kernel process until then> <mime types of the result>
The CPU seconds (every thread of the kernel process, from /proc) depend far less on what else the machine runs.
With --after-ready, each cell is sent that long after jupyter_client reports the kernel ready (a user who reads
the notebook first): the result seconds still count from the start, so the cell's own time is result - ready - that.
Used by org.marketlab.kernel.ColdStartBench, which installs the kernel and prints the comparison.
"""
import argparse
import os
import sys
import time
from queue import Empty

from jupyter_client.manager import KernelManager


def stat_cpu(stat_text):
    """User and system CPU seconds in the text of a /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat file."""
    fields = stat_text.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(km):
    """User and system CPU seconds of the kernel process so far, or -1 where /proc cannot tell."""
    try:
        with open(f"/proc/{km.provisioner.process.pid}/stat") as f:
            return stat_cpu(f.read())
    except (AttributeError, OSError, ValueError, IndexError):
        return -1.0


def start(kernel, env=None):
    """A fresh kernel process started as a notebook starts one, its client's channels open."""
    km = KernelManager(kernel_name=kernel)
    km.start_kernel(**({} if env is None else {"env": env}))
    kc = km.client()
    kc.start_channels()
    return km, kc


def stop(km, kc):
    kc.stop_channels()
    km.shutdown_kernel(now=True)


def run_cell(kc, kernel, code, started, timeout, after_ready=0.0):
    """Waits for the kernel to be ready (and after_ready seconds more), runs one cell, and answers (ready seconds,
    result seconds, the result message), both counted from started; a cell that fails or gives no result within
    timeout raises."""
    kc.wait_for_ready(timeout=timeout)
    ready = time.perf_counter() - started
    if after_ready > 0:
        time.sleep(after_ready)
    msg_id = kc.execute(code)
    deadline = started + timeout
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError(f"{kernel}: no result of {code!r} within {timeout} s")
        try:
            msg = kc.get_iopub_msg(timeout=left)
        except Empty:
            continue
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind == "execute_result":
            return ready, time.perf_counter() - started, msg
        if kind == "error":
            raise RuntimeError(f"{kernel}: {code!r} failed: {msg['content']['ename']}: {msg['content']['evalue']}")


def first_result(kernel, code, timeout, after_ready=0.0):
    started = time.perf_counter()
    km, kc = start(kernel)
    try:
        ready, result, msg = run_cell(kc, kernel, code, started, timeout, after_ready)
        return ready, result, cpu_seconds(km), sorted(msg["content"]["data"])
    finally:
        stop(km, kc)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=180)
    parser.add_argument("--after-ready", type=float, default=0.0, help="seconds between ready and the cell")
    parser.add_argument("cells", nargs="+", help="KERNEL=CODE")
    args = parser.parse_args()
    cells = [c.split("=", 1) for c in args.cells]
    for r in range(1, args.rounds + 1):
        for i, (kernel, code) in enumerate(cells):
            ready, result, cpu, mimes = first_result(kernel, code, args.timeout, args.after_ready)
            print(f"START {i} {kernel} {r} {ready:.3f} {result:.3f} {cpu:.3f} {','.join(mimes)}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
