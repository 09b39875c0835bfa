#!/usr/bin/python3
"""Writes N different trips for the batch benchmark: the examples in turn, each moved by
another number of weeks (every date and time; times keep their written offset) and for
another traveller, so every document is one a worker has not rendered before.

Usage: batch_trips.py N OUT_DIR [EXAMPLES_DIR]
"""
import datetime as dt
import json
import os
import re
import sys

count = int(sys.argv[1])
out = sys.argv[2]
examples = sys.argv[3] if len(sys.argv) > 3 else "Examples"
names = sorted(f for f in os.listdir(examples) if f.endswith(".json"))
sources = [json.load(open(os.path.join(examples, name), encoding="utf-8")) for name in names]
DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(.*)$")


def moved(value, days):
    """Every string that starts with a date, moved by `days`; the rest as it was."""
    if isinstance(value, dict):
        return {k: moved(v, days) for k, v in value.items()}
    if isinstance(value, list):
        return [moved(v, days) for v in value]
    if isinstance(value, str):
        m = DATE.match(value)
        if m:
            try:
                d = dt.date.fromisoformat(m.group(1)) + dt.timedelta(days=days)
                return d.isoformat() + m.group(2)
            except ValueError:
                return value
    return value


os.makedirs(out, exist_ok=True)
for i in range(count):
    source = sources[i % len(sources)]
    trip = moved(source, 7 * (i // len(sources)))
    trip["traveler"] = f"Traveller {i}"
    # A hundred files per directory, as an operator's tree of users might be.
    directory = os.path.join(out, f"{i // 100:03d}")
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, f"trip-{i:05d}.json"), "w", encoding="utf-8") as f:
        json.dump(trip, f, ensure_ascii=False, indent=1)
