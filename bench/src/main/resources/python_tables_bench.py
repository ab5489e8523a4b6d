"""The Python side of the table benchmarks: what a researcher would write instead of the toolkit.

    python python_tables_bench.py warm LIB EVENTS_FILE SECONDS   median seconds of events -> tables, warm
    python python_tables_bench.py cold LIB EVENTS_FILE           one cold run in this fresh process
    python python_tables_bench.py memory LIB HISTORY_FILE        bytes per row of a prices-history table

LIB is pandas or polars. Events -> tables builds, from the same events JSON as the toolkit, the events table,
the markets table (one row per market led by its event's id, slug and title, the JSON-in-string fields decoded)
and the tags table (one row per tag with its event's id and slug), with date-times parsed. Prints
key=value lines: seconds_per_run and cpu_per_run (process CPU, every thread), cold_seconds and
cpu_seconds, bytes_per_row.
"""
import json
import sys
import time

START = time.perf_counter()
JSON_IN_STRING = ["outcomes", "outcomePrices", "clobTokenIds", "shortOutcomes"]
EVENT_TIMES = ["startDate", "endDate", "createdAt", "updatedAt"]


def pandas_tables(raw):
    import pandas as pd

    def decode(value):
        if isinstance(value, str) and value:
            return json.loads(value)
        return value

    events = json.loads(raw)
    table = pd.json_normalize(events, max_level=0)
    markets = pd.json_normalize(events, record_path="markets", meta=["id", "slug", "title"],
                                meta_prefix="event.", errors="ignore")
    tags = pd.json_normalize(events, record_path="tags", meta=["id", "slug"], meta_prefix="event.", errors="ignore")
    for col in JSON_IN_STRING:
        if col in markets.columns:
            markets[col] = markets[col].map(decode)
    for col in EVENT_TIMES:
        if col in table.columns:
            table[col] = pd.to_datetime(table[col], utc=True, errors="coerce", format="ISO8601")
    return len(table) + len(markets) + len(tags)


def polars_tables(raw):
    import polars as pl

    events = pl.read_json(raw, infer_schema_length=None)
    scalar = [c for c, t in events.schema.items() if not isinstance(t, (pl.List, pl.Struct))]
    table = events.select(scalar)
    keys = [pl.col("id").alias("eventId"), pl.col("slug").alias("eventSlug")]
    markets = (events.select(*keys, pl.col("title").alias("eventTitle"), "markets")
               .explode("markets").drop_nulls("markets").unnest("markets"))
    tags = events.select(*keys, "tags").explode("tags").drop_nulls("tags").unnest("tags")
    markets = markets.with_columns([pl.col(c).str.json_decode(pl.List(pl.String))
                                    for c in JSON_IN_STRING if c in markets.columns])
    table = table.with_columns([pl.col(c).str.to_datetime(time_zone="UTC", strict=False)
                                for c in EVENT_TIMES if c in table.columns])
    return table.height + markets.height + tags.height


def history_bytes_per_row(lib, raw):
    points = json.loads(raw)["history"]
    if lib == "pandas":
        import pandas as pd
        df = pd.DataFrame({"time": pd.to_datetime([p["t"] for p in points], unit="s", utc=True),
                           "price": [p["p"] for p in points]})
        return df.memory_usage(deep=True, index=True).sum() / len(df)
    import polars as pl
    df = pl.DataFrame({"time": [p["t"] for p in points], "price": [p["p"] for p in points]})
    df = df.with_columns(pl.from_epoch("time", time_unit="s"))
    return df.estimated_size() / df.height


def main():
    mode, lib, path = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(path, "rb") as f:
        raw = f.read()
    if mode == "memory":
        print("bytes_per_row=%.3f" % history_bytes_per_row(lib, raw))
        return
    run = pandas_tables if lib == "pandas" else polars_tables
    if mode == "cold":
        rows = run(raw)
        print("rows=%d" % rows)
        print("cold_seconds=%.6f" % (time.perf_counter() - START))
        print("cpu_seconds=%.6f" % time.process_time())
        return
    seconds = float(sys.argv[4])
    end = time.perf_counter() + seconds / 3
    while time.perf_counter() < end:
        run(raw)
    wall, cpu = [], []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(wall) < 3:
        t0, c0 = time.perf_counter(), time.process_time()
        run(raw)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    wall.sort()
    cpu.sort()
    print("seconds_per_run=%.6f" % wall[len(wall) // 2])
    print("cpu_per_run=%.6f" % cpu[len(cpu) // 2])


if __name__ == "__main__":
    main()
