"""Cold start to first result: the MarketLab kernel running Markets.events().limit(10).table() against
ipykernel starting and printing 1, on the same machine in one run. Each kernel is started fresh for every
sample (a new JVM / Python process); the figure is the time from asking Jupyter for a kernel until the
cell's result (or output) has arrived. Prints medians and the ratio.

Usage: python kernel_start_bench.py [runs]   (kernel names: MARKETLAB_KERNEL, default marketlab; python3)
"""
import os
import statistics
import sys
import time

from jupyter_client.manager import start_new_kernel


def first_result(kernel, code, runs):
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        km, kc = start_new_kernel(kernel_name=kernel, startup_timeout=120)
        try:
            msg_id = kc.execute(code)
            while True:
                m = kc.get_iopub_msg(timeout=120)
                if m["parent_header"].get("msg_id") != msg_id:
                    continue
                if m["msg_type"] in ("execute_result", "stream"):
                    break
                if m["msg_type"] == "error":
                    raise RuntimeError("%s failed: %s" % (kernel, m["content"]["evalue"]))
            samples.append(time.perf_counter() - t0)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    return samples


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    ours = os.environ.get("MARKETLAB_KERNEL", "marketlab")
    first_result("python3", "print(1)", 1)  # warm the disk cache for both, fairly
    first_result(ours, "1", 1)
    py = first_result("python3", "print(1)", runs)
    ml = first_result(ours, "Markets.events().limit(10).table()", runs)
    floor = first_result(ours, "1", runs)
    print("Cold start to first result (%d fresh starts each, median)" % runs)
    print("  ipykernel, print(1)                              %6.3f s  (min %.3f, max %.3f)" % (statistics.median(py), min(py), max(py)))
    print("  MarketLab, Markets.events().limit(10).table()    %6.3f s  (min %.3f, max %.3f)" % (statistics.median(ml), min(ml), max(ml)))
    print("  MarketLab, 1 (JVM + JShell floor, for context)  %6.3f s  (min %.3f, max %.3f)" % (statistics.median(floor), min(floor), max(floor)))
    print("  ratio MarketLab / ipykernel                      %6.2f    (target <= 1.5)" % (statistics.median(ml) / statistics.median(py)))


if __name__ == "__main__":
    main()
