"""Reads Parquet files written by MarketLab with polars and with DuckDB (independent readers) and prints what each
sees as one JSON line: rows, each column's type, and per named decimal column its exact sum and its values' text.
Usage: independent_reader.py PATH COLUMN... (PATH a file or a harvest folder)."""
import json
import os
import sys

import duckdb
import polars as pl

path, columns = sys.argv[1], sys.argv[2:]
source = os.path.join(path, "**", "*.parquet") if os.path.isdir(path) else path
out = {}

frame = pl.scan_parquet(source, hive_partitioning=os.path.isdir(path)).collect()
polars = {"rows": frame.height, "types": {n: str(t) for n, t in frame.schema.items()}, "sums": {}, "values": {}}
for c in columns:
    polars["sums"][c] = None if frame[c].null_count() == frame.height else str(frame[c].sum())
    polars["values"][c] = sorted(str(v) for v in frame[c].drop_nulls().to_list())
out["polars"] = polars

con = duckdb.connect()
rel = f"read_parquet('{source}', hive_partitioning = {'true' if os.path.isdir(path) else 'false'})"
rows = con.execute(f"select count(*) from {rel}").fetchone()[0]
types = {r[0]: r[1] for r in con.execute(f"describe select * from {rel}").fetchall()}
duck = {"rows": rows, "types": types, "sums": {}, "values": {}}
for c in columns:
    q = f'select sum("{c}")::varchar from {rel}'
    duck["sums"][c] = con.execute(q).fetchone()[0]
    duck["values"][c] = sorted(str(r[0]) for r in con.execute(f'select "{c}" from {rel} where "{c}" is not null').fetchall())
out["duckdb"] = duck
print(json.dumps(out))
