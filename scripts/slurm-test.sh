#!/usr/bin/env bash
# End-to-end test of `batch --shard auto` under Slurm, on this machine alone.
#
# Starts a private one-node Slurm cluster (its own MUNGE key, slurm.conf, ports and state, all in a
# temporary directory), runs a batch of a few dozen generated trips as a four-task job array with
# every shard writing into ONE shared output directory, merges the shard reports, runs the same
# batch on one machine, and checks that both produced the same PDFs, byte for byte. The daemons
# are stopped by process id whatever happens. Runs as root (slurmd must run as root to start
# jobs); installs slurm-wlm and munge when they are missing.
#
# Settings (environment):
#   SLURM_TEST_COPIES    copies of each Examples/*.json trip (default 10)
#   SLURM_TEST_TIMEOUT   seconds the job array may take (default 900)
#   SLURM_TEST_KEEP=1    keep the temporary directory even when the test passes
set -euo pipefail

cd "$(dirname "$0")/.."
REPO=$(pwd)
export PATH="$PATH:/usr/sbin:/sbin"
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH="/opt/swift/usr/bin:$PATH"

COPIES=${SLURM_TEST_COPIES:-10}
TIMEOUT=${SLURM_TEST_TIMEOUT:-900}
SHARDS=4
BIN="$REPO/${SCRATCH:-.build}/release/export-itinerary"   # where make release builds (SCRATCH: the Makefile's)
STARTED=$(date +%s)

say() { echo "slurm-test: $*"; }
fail() { echo "slurm-test: FAILED: $*" >&2; exit 1; }

# --- Packages -------------------------------------------------------------------------------------

missing=()
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || fail "need root (or sudo) to install ${missing[*]}"
    sudo="sudo"
  fi
  # Debian would start its own munged and Slurm daemons on install (and fail the install where
  # they cannot start); this test runs private ones. A policy-rc.d that refuses every start
  # stops that, for the length of the install, where the machine has none of its own.
  policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null && $sudo chmod 755 "$policy"
  fi
  $sudo apt-get update -qq || { [ -n "$policy" ] && $sudo rm -f "$policy"; fail "apt-get update failed"; }
  status=0
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || status=$?
  [ -n "$policy" ] && $sudo rm -f "$policy"
  [ $status -eq 0 ] || fail "apt-get install ${missing[*]} failed"
fi
for cmd in munged slurmctld slurmd sbatch squeue sinfo scancel; do
  command -v "$cmd" >/dev/null || fail "$cmd not found after installing slurm-wlm and munge"
done
getent passwd munge >/dev/null || fail "the munge user does not exist (the munge package makes it)"

# --- The release binary (as the invoking user, before any switch to root) -------------------------

if [ "${SLURM_TEST_SKIP_BUILD:-0}" != 1 ]; then
  say "building the release binary (make release)"
  make --no-print-directory release >/dev/null || fail "make release failed"
fi
[ -x "$BIN" ] || fail "$BIN does not exist (make release)"

if [ "$(id -u)" -ne 0 ]; then
  # slurmd starts jobs as the submitting user and must itself run as root.
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    say "re-running as root with sudo"
    exec sudo -n env "PATH=$PATH" SLURM_TEST_SKIP_BUILD=1 "SLURM_TEST_COPIES=$COPIES" "SLURM_TEST_TIMEOUT=$TIMEOUT" \
      "SLURM_TEST_KEEP=${SLURM_TEST_KEEP:-0}" bash "$0"
  fi
  fail "the Slurm daemons must run as root: run this as root or with sudo"
fi

# --- A temporary directory, and cleanup whatever happens ---------------------------------------------

WORK=$(mktemp -d /tmp/export-itinerary-slurm.XXXXXX)
chmod 755 "$WORK"   # the munge user must be able to reach its socket directory inside
MUNGE_DIR="$WORK/munge"
SLURM_DIR="$WORK/slurm"
LOGS="$WORK/logs"
TRIPS="$WORK/trips"
STORE="$WORK/store"
OUT="$WORK/out-sharded"
SINGLE="$WORK/out-single"
REPORTS="$WORK/reports"
CONF="$SLURM_DIR/slurm.conf"
CTLD_PID=""
SLURMD_PID=""
JOBID=""

show_logs() {
  local f
  for f in "$SLURM_DIR/slurmctld.log" "$SLURM_DIR/slurmd.log" "$SLURM_DIR/slurmctld.stderr" "$SLURM_DIR/slurmd.stderr" \
           "$MUNGE_DIR/munged.log" "$LOGS"/*; do
    [ -s "$f" ] || continue
    # The daemons' standard error repeats their log file: shown only when there is no log file.
    case "$f" in *.stderr) [ -s "${f%.stderr}.log" ] && continue ;; esac
    echo "----- $f (last 60 lines)" >&2
    tail -n 60 "$f" >&2
  done
}

alive() {  # a process that exists and is not a zombie
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [ -n "$state" ] && [ "$state" != Z ]
}

stop_pid() {  # NAME PID: TERM, up to 10 s, then KILL; reaps it when it is our child
  local name=$1 pid=$2 i
  [ -n "$pid" ] || return 0
  if alive "$pid"; then
    say "stopping $name (pid $pid)"
    kill -TERM "$pid" 2>/dev/null || true
    for i in $(seq 50); do alive "$pid" || break; sleep 0.2; done
    if alive "$pid"; then
      say "$name (pid $pid) did not stop: killing it"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
    fi
  fi
  wait "$pid" 2>/dev/null || true
}

# Processes left behind that belong to this test (a job step, a daemon that never wrote its pid
# file): found by our temporary directory in their command line, working directory, open files or
# environment, and killed by process id. Prints what it killed.
sweep() {
  python3 - "$WORK" "$$" <<'EOF'
import os, signal, sys
work, script = sys.argv[1], int(sys.argv[2])
mine = {os.getpid()}
pid = os.getpid()
while pid > 1:  # this process and its ancestors (the test itself) are left alone
    try:
        with open(f"/proc/{pid}/stat") as f:
            pid = int(f.read().rsplit(")", 1)[1].split()[1])
    except OSError:
        break
    mine.add(pid)
marker = ("EXPORT_ITINERARY_SLURM_TEST=" + work).encode()
for entry in os.listdir("/proc"):
    if not entry.isdigit() or int(entry) in mine:
        continue
    p = f"/proc/{entry}"
    try:
        hit = work.encode() in open(p + "/cmdline", "rb").read()
        hit = hit or os.readlink(p + "/cwd").startswith(work)
        if not hit:
            try:
                hit = marker in open(p + "/environ", "rb").read().split(b"\0")
            except OSError:
                pass
        if not hit:
            for fd in os.listdir(p + "/fd"):
                try:
                    if os.readlink(f"{p}/fd/{fd}").startswith(work):
                        hit = True
                        break
                except OSError:
                    pass
        if hit:
            name = open(p + "/comm").read().strip()
            print(f"slurm-test: killing leftover process {entry} ({name})")
            os.kill(int(entry), signal.SIGKILL)
    except (OSError, ValueError):
        continue
EOF
}

cleanup() {
  local rc=$? i
  set +e
  trap - EXIT INT TERM
  if [ -n "$JOBID" ] && [ -n "$CTLD_PID" ] && alive "$CTLD_PID"; then
    if [ -n "$(squeue -h -j "$JOBID" -o %i 2>/dev/null)" ]; then
      say "cancelling job $JOBID"
      scancel "$JOBID" 2>/dev/null
      for i in $(seq 30); do [ -z "$(squeue -h -j "$JOBID" -o %i 2>/dev/null)" ] && break; sleep 0.5; done
    fi
  fi
  [ "$rc" -ne 0 ] && [ -d "$SLURM_DIR" ] && show_logs
  stop_pid slurmd "$SLURMD_PID"
  stop_pid slurmctld "$CTLD_PID"
  stop_pid munged "$(cat "$MUNGE_DIR/munged.pid" 2>/dev/null)"
  sweep
  if [ "$rc" -eq 0 ] && [ "${SLURM_TEST_KEEP:-0}" != 1 ]; then
    rm -rf "$WORK"
  else
    say "kept $WORK for inspection"
  fi
  [ "$rc" -ne 0 ] && echo "slurm-test: FAILED (exit $rc) after $(( $(date +%s) - STARTED )) s" >&2
  exit "$rc"
}
trap cleanup EXIT
trap 'echo "slurm-test: interrupted" >&2; exit 130' INT
trap 'echo "slurm-test: terminated" >&2; exit 143' TERM

mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool" "$LOGS" "$REPORTS"

# --- A throwaway Pro store -------------------------------------------------------------------------

"$BIN" entitlements init --bundle-id com.sportstime.app --store "$STORE" >/dev/null || fail "entitlements init failed"
"$BIN" storekit-test enable --store "$STORE" >/dev/null || fail "storekit-test enable failed"
"$BIN" storekit-test purchase com.sportstime.pro.annual --store "$STORE" >/dev/null || fail "storekit-test purchase failed"

# --- Trips: copies of the examples in a directory tree, each with its own traveller ----------------

python3 - "$REPO/Examples" "$TRIPS" "$COPIES" <<'EOF' || fail "could not generate the trips"
import json, pathlib, sys
source, target, copies = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3])
travellers = ["Ada Lovelace", "Grace Hopper", "Zoë Müller", "José Núñez", "Sam Okafor", "Mei Chen",
              "Olusegun Adeyemi", "Ingrid Størvold", "Priya Raman", "Tomás Ó Briain"]
examples = sorted(source.glob("*.json"))
if not examples:
    sys.exit(f"no trips in {source}")
for example in examples:
    base = json.loads(example.read_text(encoding="utf-8"))
    for i in range(copies):
        trip = dict(base)
        trip["id"] = f"{base['id']}-{i:02d}"[:128]
        trip["traveler"] = f"{travellers[i % len(travellers)]} #{i + 1}"
        trip["units"] = "metric" if i % 2 else "imperial"
        if "name" in trip:
            trip["name"] = f"{base['name']} ({i + 1})"
        folder = target / f"group-{i % 3}" / ("nested" if i % 2 else "")
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(trip, ensure_ascii=False, indent=2) + "\n"
        (folder / f"{example.stem}-{i:02d}.json").write_text(text, encoding="utf-8")
EOF
mapfile -t trip_files < <(cd "$TRIPS" && find . -name '*.json' -type f | sed 's|^\./||' | LC_ALL=C sort)
N=${#trip_files[@]}
[ "$N" -gt 0 ] || fail "no trips were generated"
(cd "$TRIPS" && "$BIN" validate "${trip_files[@]}" >"$WORK/validate.txt" 2>&1) \
  || { cat "$WORK/validate.txt" >&2; fail "the generated trips do not validate"; }
say "$N trips in $TRIPS (all valid)"

# --- MUNGE -----------------------------------------------------------------------------------------

mkdir -p "$MUNGE_DIR"
head -c 1024 /dev/urandom >"$MUNGE_DIR/munge.key"
chown -R munge:munge "$MUNGE_DIR"
chmod 755 "$MUNGE_DIR"
chmod 400 "$MUNGE_DIR/munge.key"
su -s /bin/sh munge -c "munged --key-file=$MUNGE_DIR/munge.key --socket=$MUNGE_DIR/munge.sock \
  --pid-file=$MUNGE_DIR/munged.pid --log-file=$MUNGE_DIR/munged.log --seed-file=$MUNGE_DIR/munge.seed" \
  || fail "munged did not start"
for i in $(seq 50); do [ -S "$MUNGE_DIR/munge.sock" ] && [ -s "$MUNGE_DIR/munged.pid" ] && break; sleep 0.2; done
[ -S "$MUNGE_DIR/munge.sock" ] || fail "munged made no socket in 10 s"
say "munged running (pid $(cat "$MUNGE_DIR/munged.pid"))"

# --- slurm.conf ------------------------------------------------------------------------------------

HOST=$(hostname -s)
NCPU=$(nproc)
MEM_MB=$(awk '/^MemTotal:/ {m = int($2 / 1024) - 512; print (m < 4000 ? m : 4000)}' /proc/meminfo)
read -r CTLD_PORT SLURMD_PORT < <(python3 -c '
import socket
ports = []
held = []
for _ in range(2):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); held.append(s); ports.append(s.getsockname()[1])
print(*ports)')
cat >"$CONF" <<EOF
# A private one-node cluster for scripts/slurm-test.sh; nothing here is shared with another cluster.
ClusterName=eitest
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
AuthType=auth/munge
AuthInfo=socket=$MUNGE_DIR/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.pid
SlurmctldLogFile=$SLURM_DIR/slurmctld.log
SlurmdLogFile=$SLURM_DIR/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$NCPU RealMemory=$MEM_MB State=UNKNOWN
PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$CONF"

# --- slurmctld and slurmd (in the foreground of background processes: their pids are known) --------

slurmctld -D -f "$CONF" >"$SLURM_DIR/slurmctld.stderr" 2>&1 &
CTLD_PID=$!
sleep 1
slurmd -D -f "$CONF" -N "$HOST" >"$SLURM_DIR/slurmd.stderr" 2>&1 &
SLURMD_PID=$!
state=""
for i in $(seq 120); do
  alive "$CTLD_PID" || fail "slurmctld exited during startup"
  alive "$SLURMD_PID" || fail "slurmd exited during startup"
  state=$(sinfo -h -o %T 2>/dev/null | head -n 1)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (state: ${state:-none}): $(sinfo -R 2>&1 | tail -n +2)"
say "slurmctld (pid $CTLD_PID) and slurmd (pid $SLURMD_PID) running on ports $CTLD_PORT and $SLURMD_PORT; node $HOST idle"

# --- The job array: one shard per task, all into one output directory ------------------------------

{
  echo '#!/bin/bash'
  echo '# One task of the array: one shard of the batch.'
  printf 'BIN=%q TRIPS=%q OUT=%q REPORTS=%q STORE=%q\n' "$BIN" "$TRIPS" "$OUT" "$REPORTS" "$STORE"
  cat <<'EOF'
task=${SLURM_ARRAY_TASK_ID:?not a task of a Slurm job array}
echo "array task $task of ${SLURM_ARRAY_TASK_COUNT:-?} on $(hostname), $(date -u +%FT%TZ)"
"$BIN" batch "$TRIPS" --out-dir "$OUT" --shard auto --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --report "$REPORTS/shard-$task.json" --store "$STORE"
rc=$?
echo "$rc" >"$REPORTS/shard-$task.rc"
echo "exit $rc"
exit $rc
EOF
} >"$WORK/job.sh"
chmod 755 "$WORK/job.sh"

submitted=$(EXPORT_ITINERARY_SLURM_TEST="$WORK" sbatch --parsable --array=0-$((SHARDS - 1)) --cpus-per-task=1 \
  --job-name=export-itinerary-test --chdir="$WORK" --output="$LOGS/shard-%a.out" "$WORK/job.sh") \
  || fail "sbatch failed"
JOBID=${submitted%%;*}
say "submitted job array $JOBID (tasks 0-$((SHARDS - 1))); waiting up to $TIMEOUT s"

deadline=$(( $(date +%s) + TIMEOUT ))
errors=0
while :; do
  if queue=$(squeue -h -j "$JOBID" -o %i 2>&1); then
    errors=0
    [ -z "$queue" ] && break
  elif grep -q "Invalid job id" <<<"$queue"; then
    break  # already finished and purged
  else
    errors=$((errors + 1))
    [ "$errors" -ge 10 ] && fail "squeue keeps failing: $queue"
  fi
  alive "$CTLD_PID" || fail "slurmctld died while the array ran"
  alive "$SLURMD_PID" || fail "slurmd died while the array ran"
  node=$(sinfo -h -o %T 2>/dev/null | head -n 1)
  case "$node" in drain*|down*|fail*) fail "the node went $node: $(sinfo -R 2>&1 | tail -n +2)" ;; esac
  if [ "$(date +%s)" -ge "$deadline" ]; then
    squeue -j "$JOBID" >&2 || true
    fail "TIMEOUT: job array $JOBID did not finish within $TIMEOUT s (Slurm logs follow)"
  fi
  sleep 1
done
say "job array $JOBID finished after $(( $(date +%s) - deadline + TIMEOUT )) s"

for ((t = 0; t < SHARDS; t++)); do
  [ -f "$REPORTS/shard-$t.rc" ] || fail "array task $t did not run to the end (no exit code recorded; see $LOGS/shard-$t.out)"
  rc=$(cat "$REPORTS/shard-$t.rc")
  [ "$rc" = 0 ] || fail "array task $t: export-itinerary batch exited $rc"
  [ -f "$REPORTS/shard-$t.json" ] || fail "array task $t wrote no report"
  exported=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["totals"]["ok"])' "$REPORTS/shard-$t.json")
  # A shard's ledger is its own file in the shared directory (none when the shard had no jobs).
  if [ "$exported" -gt 0 ] && [ ! -f "$OUT/.export-itinerary/ledger-shard-$t-of-$SHARDS.tsv" ]; then
    fail "no resume ledger for shard $t: $OUT/.export-itinerary/ledger-shard-$t-of-$SHARDS.tsv"
  fi
  say "task $t: $(tail -n 2 "$LOGS/shard-$t.out" | head -n 1)"
done

# --- Merge the reports -----------------------------------------------------------------------------

reports=()
for ((t = 0; t < SHARDS; t++)); do reports+=("$REPORTS/shard-$t.json"); done
set +e
merge_output=$("$BIN" batch merge-reports "${reports[@]}" --report "$REPORTS/all.json" 2>&1)
merge_rc=$?
set -e
echo "$merge_output"
[ "$merge_rc" -eq 0 ] || fail "batch merge-reports exited $merge_rc (expected 0)"
python3 - "$REPORTS/all.json" "$N" <<'EOF' || fail "the merged report does not cover every trip"
import json, sys
report, n = json.load(open(sys.argv[1])), int(sys.argv[2])
t = report["totals"]
problems = []
if report["plan"]["jobs"] != n: problems.append(f"plan has {report['plan']['jobs']} jobs, not {n}")
if t["jobs"] != n or t["ok"] != n: problems.append(f"totals: {t}")
if len({j["output"] for j in report["jobs"]}) != n: problems.append("outputs are not distinct")
if problems:
    sys.exit("slurm-test: merged report: " + "; ".join(problems))
EOF

# --- The same batch on one machine, and the comparison ---------------------------------------------

say "running the same batch on one machine"
"$BIN" batch "$TRIPS" --out-dir "$SINGLE" --store "$STORE" --report "$REPORTS/single.json" --quiet \
  || fail "the one-machine batch exited $?"

pdfs() { (cd "$1" && find . -path ./.export-itinerary -prune -o -type f -name '*.pdf' -print | sed 's|^\./||' | LC_ALL=C sort); }
printf '%s\n' "${trip_files[@]}" | sed 's/\.json$/.pdf/' | LC_ALL=C sort >"$WORK/expected.txt"
pdfs "$OUT" >"$WORK/sharded.txt"
pdfs "$SINGLE" >"$WORK/single.txt"
diff -u "$WORK/expected.txt" "$WORK/sharded.txt" >&2 || fail "the sharded output does not hold exactly one PDF per trip (diff above)"
diff -u "$WORK/expected.txt" "$WORK/single.txt" >&2 || fail "the one-machine output does not hold exactly one PDF per trip (diff above)"
count_sharded=$(wc -l <"$WORK/sharded.txt")
count_single=$(wc -l <"$WORK/single.txt")
[ "$count_sharded" -eq "$N" ] && [ "$count_single" -eq "$N" ] \
  || fail "PDF counts differ: $count_sharded sharded, $count_single one machine, $N trips"
different=0
while IFS= read -r f; do
  cmp -s "$OUT/$f" "$SINGLE/$f" || { echo "slurm-test: differs: $f" >&2; different=$((different + 1)); }
done <"$WORK/sharded.txt"
[ "$different" -eq 0 ] || fail "$different of $N PDFs differ between the Slurm run and the one-machine run"
distinct=$(cd "$OUT" && xargs -d '\n' sha256sum <"$WORK/sharded.txt" | awk '{print $1}' | sort -u | wc -l)
[ "$distinct" -eq "$N" ] || fail "only $distinct of the $N PDFs are distinct: the generated trips should all differ"
leftovers=$(cd "$OUT" && find . -path ./.export-itinerary -prune -o -name '.*' -print | grep -v '^\.$' || true)
[ -z "$leftovers" ] || fail "temporary files left in the shared output directory: $leftovers"

# --- Resume: the shards' ledgers are read by a later run on the same directory ---------------------

"$BIN" batch "$TRIPS" --out-dir "$OUT" --store "$STORE" --resume --report "$REPORTS/resume.json" --quiet \
  || fail "the --resume run exited $?"
skipped=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["totals"]["skipped"])' "$REPORTS/resume.json")
[ "$skipped" -eq "$N" ] || fail "--resume after the sharded run skipped $skipped of $N up-to-date PDFs"

say "PASSED: $N trips, $SHARDS shards under Slurm into one directory; merged report complete;" \
  "all $N PDFs byte-identical to a one-machine run; --resume skipped all $N ($(( $(date +%s) - STARTED )) s)"
