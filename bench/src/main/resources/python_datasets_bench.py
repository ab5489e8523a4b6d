"""The polars side of scripts/bench datasets: a process that waits for commands on stdin, runs each once and prints
its time, so that MarketLab and polars can take turns in one run. Commands:
  groupby GLOB        the benchmark's group-by over the tape (scan_parquet, lazy, collected)
  write SOURCE OUT    SOURCE read once into memory (not timed), then write_parquet(OUT) timed
  read FILE           read_parquet(FILE) timed
Each answers "seconds=<wall s> cpu=<CPU s of the whole process, every thread> rows=<n>"."""
import sys
import time

import polars as pl

tables = {}
print("ready polars=" + pl.__version__ + " threads=" + str(pl.thread_pool_size()), flush=True)
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "groupby":
        t0, c0 = time.perf_counter(), time.process_time()
        out = (pl.scan_parquet(words[1], hive_partitioning=True)
               .group_by("conditionId", "side")
               .agg(pl.len().alias("trades"), pl.col("size").sum().alias("size"), pl.col("price").mean().alias("avg_price"),
                    pl.col("timestamp").min().alias("first"), pl.col("timestamp").max().alias("last"))
               .collect())
        rows = out.height
    elif cmd == "write":
        if words[1] not in tables:
            tables[words[1]] = pl.read_parquet(words[1])
        df = tables[words[1]]
        t0, c0 = time.perf_counter(), time.process_time()
        df.write_parquet(words[2])  # polars' defaults: zstd level 3, row groups of 512^2 rows, min/max/null-count statistics
        rows = df.height
    elif cmd == "read":
        t0, c0 = time.perf_counter(), time.process_time()
        rows = pl.read_parquet(words[1]).height
    else:
        print("error=unknown command " + cmd, flush=True)
        continue
    print("seconds=%.6f cpu=%.6f rows=%d" % (time.perf_counter() - t0, time.process_time() - c0, rows), flush=True)
