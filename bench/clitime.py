#!/usr/bin/python3
"""Times a command as a whole process: RUNS runs, then the median, the fastest and the
quartiles in milliseconds. This machine's neighbours make single runs vary by ±20 %, so
only the median of many runs means anything; compare builds in the same session.

Usage: clitime.py RUNS COMMAND [ARG...]
"""
import statistics
import subprocess
import sys
import time

runs = int(sys.argv[1])
command = sys.argv[2:]
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"{statistics.median(times):.1f} {times[0]:.1f} {times[len(times) // 4]:.1f} {times[(3 * len(times)) // 4]:.1f}")
