"""The pandas side of EventsTableBench: what a researcher would write instead of the toolkit.

Reads the same events JSON, builds the events table and the markets table (one row per market with its
event's id and slug) with json_normalize, and decodes the JSON-in-string fields, like the toolkit does.
Prints seconds_per_run=<median>.
"""
import json
import sys
import time

import pandas as pd

JSON_IN_STRING = ["outcomes", "outcomePrices", "clobTokenIds", "shortOutcomes"]


def decode(value):
    if isinstance(value, str) and value:
        return json.loads(value)
    return value


def run(raw):
    events = json.loads(raw)
    table = pd.json_normalize(events, max_level=0)
    markets = pd.json_normalize(events, record_path="markets", meta=["id", "slug", "title"],
                                meta_prefix="event.", errors="ignore")
    for col in JSON_IN_STRING:
        if col in markets.columns:
            markets[col] = markets[col].map(decode)
    for col in ("startDate", "endDate", "createdAt", "updatedAt"):
        if col in table.columns:
            table[col] = pd.to_datetime(table[col], utc=True, errors="coerce", format="ISO8601")
    return len(table) + len(markets)


def main():
    path, seconds = sys.argv[1], float(sys.argv[2])
    with open(path, "rb") as f:
        raw = f.read()
    end = time.perf_counter() + seconds / 3
    while time.perf_counter() < end:
        run(raw)
    samples = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(samples) < 3:
        t0 = time.perf_counter()
        run(raw)
        samples.append(time.perf_counter() - t0)
    samples.sort()
    print("seconds_per_run=%.6f" % samples[len(samples) // 2])


if __name__ == "__main__":
    main()
