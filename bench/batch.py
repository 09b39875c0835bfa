#!/usr/bin/python3
"""The batch benchmark, driven by bench/batch.sh: documents/s and pages/s of `batch` at
--jobs 1 and 2 over DOCS different trips, peak RSS per worker and in total, the cost per
document against the single-file command, RSS as a batch grows (100 against BIG jobs), and
the planning of PLAN jobs with --resume. It measures; nothing passes or fails on a time.

Usage: batch.py BIN WORKDIR   (environment: DOCS, SINGLE, BIG, PLAN, REPS)
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

BIN, WORK = sys.argv[1], sys.argv[2]
DOCS = int(os.environ.get("DOCS", 1000))
SINGLE = int(os.environ.get("SINGLE", 100))
BIG = int(os.environ.get("BIG", 10000))
PLAN = int(os.environ.get("PLAN", 100000))
REPS = int(os.environ.get("REPS", 3))
HERE = os.path.dirname(os.path.abspath(__file__))


def status(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def children(pid):
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    stat = f.read()
                if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
                    found.append(int(name))
            except (OSError, ValueError, IndexError):
                pass
    return found


def cpu_seconds(pid):
    """utime + stime of a process so far, in seconds."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        fields = stat[stat.rindex(")") + 2:].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def run_batch(source, out, jobs, extra=()):
    """Runs one batch; returns (seconds, report, peak KiB per worker, peak KiB in total,
    supervisor peak KiB, supervisor CPU seconds). The sampler is light (it shares the cores
    with the batch): the process list once a second, memory five times a second."""
    shutil.rmtree(out, ignore_errors=True)
    report = out + ".report.json"
    start = time.perf_counter()
    p = subprocess.Popen([BIN, "batch", source, "--out-dir", out, "--jobs", str(jobs), "--quiet", "--report", report, *extra],
                         stdout=subprocess.DEVNULL)
    worker_peak, total_peak, supervisor_peak, supervisor_cpu = {}, 0, 0, 0.0
    done = threading.Event()

    def sample():
        nonlocal total_peak, supervisor_peak, supervisor_cpu
        known, listed = [], 0.0
        while not done.is_set():
            if time.perf_counter() - listed > 1:
                known, listed = children(p.pid), time.perf_counter()
            total = status(p.pid, "VmRSS") or 0
            supervisor_peak = max(supervisor_peak, status(p.pid, "VmHWM") or 0)
            supervisor_cpu = cpu_seconds(p.pid) or supervisor_cpu
            for child in known:
                hwm = status(child, "VmHWM")
                if hwm:
                    worker_peak[child] = max(worker_peak.get(child, 0), hwm)
                total += status(child, "VmRSS") or 0
            total_peak = max(total_peak, total)
            time.sleep(0.2)

    sampler = threading.Thread(target=sample)
    sampler.start()
    code = p.wait()
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    if code != 0:
        sys.exit(f"batch exited with {code}")
    with open(report) as f:
        data = json.load(f)
    return seconds, data, max(worker_peak.values() or [0]), total_peak, supervisor_peak, supervisor_cpu


def single_file_ms(trips):
    times = []
    for trip in trips:
        start = time.perf_counter()
        # The generated trips warn on purpose (places without a zone); only a failure is shown.
        done = subprocess.run([BIN, trip, os.path.join(WORK, "single.pdf")], capture_output=True, text=True)
        times.append((time.perf_counter() - start) * 1000)
        if done.returncode != 0:
            sys.exit(f"single-file export of {trip} failed ({done.returncode}): {done.stderr}")
    return statistics.median(times), sum(times) / len(times)


trips = os.path.join(WORK, "trips")
subprocess.run([sys.executable, os.path.join(HERE, "batch_trips.py"), str(DOCS), trips], check=True)
listed = sorted(os.path.join(d, f) for d, _, fs in os.walk(trips) for f in fs if f.endswith(".json"))
single_median, single_mean = single_file_ms(listed[:SINGLE])
print(f"single-file command, {SINGLE} of the trips, one process each: median {single_median:.1f} ms, mean {single_mean:.1f} ms per document")
print()
print(f"{'batch of ' + str(DOCS):<16} {'seconds':>8} {'docs/s':>8} {'pages/s':>8} {'ms/doc':>8} {'vs single':>10} {'worker RSS':>11} {'total RSS':>10}")
# The neighbours move single runs by 20 %: REPS runs of each, alternating, and their medians.
runs = {1: [], 2: []}
for _ in range(REPS):
    for jobs in (1, 2):
        runs[jobs].append(run_batch(trips, os.path.join(WORK, f"out-{jobs}"), jobs))
rates = {}
for jobs in (1, 2):
    seconds = statistics.median(r[0] for r in runs[jobs])
    report, worker, total, cpu = runs[jobs][0][1], max(r[2] for r in runs[jobs]), max(r[3] for r in runs[jobs]), runs[jobs][0][5]
    t = report["totals"]
    assert t["ok"] == DOCS, t
    rates[jobs] = DOCS / seconds
    per_doc = seconds * 1000 / DOCS
    print(f"{'--jobs ' + str(jobs):<16} {seconds:8.1f} {DOCS / seconds:8.1f} {t['pages'] / seconds:8.0f} {per_doc:8.1f} "
          f"{per_doc / single_mean:9.2f}x {worker // 1024:7d} MiB {total // 1024:6d} MiB   (supervisor CPU {cpu:.1f} s)")
    print(f"{'':<16} runs: " + ", ".join(f"{r[0]:.1f} s" for r in runs[jobs]))
print(f"--jobs 2 / --jobs 1: {rates[2] / rates[1]:.2f}x the documents/s (medians of {REPS})")
identical = all(open(os.path.join(WORK, "out-1", p), "rb").read() == open(os.path.join(WORK, "out-2", p), "rb").read()
                for p in (os.path.relpath(t, trips)[:-5] + ".pdf" for t in listed))
print(f"--jobs 1 and --jobs 2 byte-identical: {identical}")

if BIG:
    print()
    subprocess.run([sys.executable, os.path.join(HERE, "batch_trips.py"), str(BIG), os.path.join(WORK, "big")], check=True)
    small = os.path.join(WORK, "small")
    subprocess.run([sys.executable, os.path.join(HERE, "batch_trips.py"), "100", small], check=True)
    _, _, worker_small, total_small, sup_small, _ = run_batch(small, os.path.join(WORK, "out-small"), 2)
    seconds, _, worker_big, total_big, sup_big, _ = run_batch(os.path.join(WORK, "big"), os.path.join(WORK, "out-big"), 2)
    print(f"peak RSS as the batch grows (--jobs 2): 100 jobs: worker {worker_small // 1024} MiB, supervisor {sup_small // 1024} MiB, total {total_small // 1024} MiB;"
          f" {BIG} jobs ({seconds:.0f} s): worker {worker_big // 1024} MiB, supervisor {sup_big // 1024} MiB, total {total_big // 1024} MiB"
          f" ({total_big / max(total_small, 1):.2f}x)")
    shutil.rmtree(os.path.join(WORK, "out-big"), ignore_errors=True)

if PLAN:
    # PLAN jobs, all up to date, without rendering PLAN documents: one real export, then its trip
    # and PDF copied once per thousand jobs (a file has at most 65,000 links) and hard-linked
    # under every name, with the ledger line of the real export repeated for each, stamped with
    # its copies. A --resume run then only lists, checks and skips.
    print()
    plan = os.path.join(WORK, "plan")
    seed = os.path.join(plan, "seed")
    os.makedirs(seed)
    seed_trip = os.path.join(seed, "t.json")
    shutil.copy(listed[0], seed_trip)
    out = os.path.join(plan, "out")
    run_batch(seed, out, 1)
    with open(os.path.join(out, ".export-itinerary", "ledger.tsv")) as f:
        fields = f.read().rstrip("\n").split("\t")

    def stamp(path):
        st = os.stat(path)
        return f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}"

    tree = os.path.join(plan, "trips")
    lines = []
    for group in range((PLAN + 999) // 1000):
        d = f"{group:03d}"
        os.makedirs(os.path.join(tree, d))
        os.makedirs(os.path.join(out, d))
        trip, pdf = os.path.join(plan, f"trip-{d}.json"), os.path.join(plan, f"pdf-{d}.pdf")
        shutil.copy(seed_trip, trip)
        shutil.copy(os.path.join(out, "t.pdf"), pdf)
        # Written long before the batch, as trips are. (--resume hashes every trip's bytes:
        # the thousand names of a group share one file, so this measures hashing from the page
        # cache, as a rerun right after its batch meets it.)
        old = time.time() - 3600
        os.utime(trip, (old, old))
        fields[4], fields[5] = stamp(trip), stamp(pdf)
        for i in range(group * 1000, min(PLAN, group * 1000 + 1000)):
            os.link(trip, os.path.join(tree, d, f"t{i:06d}.json"))
            os.link(pdf, os.path.join(out, d, f"t{i:06d}.pdf"))
            fields[1] = f"{d}/t{i:06d}.pdf"
            lines.append("\t".join(fields) + "\n")
    os.remove(seed_trip)
    os.remove(os.path.join(out, "t.pdf"))
    with open(os.path.join(out, ".export-itinerary", "ledger.tsv"), "w") as f:
        f.writelines(lines)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        result = subprocess.run([BIN, "batch", tree, "--out-dir", out, "--resume", "--quiet"], check=True, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
    print(f"planning {PLAN} jobs with --resume (list, check every PDF and trip against the ledger), whole command:"
          f" median {statistics.median(times):.2f} s of 3; {result.stdout.strip()}")
