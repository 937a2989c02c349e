#!/usr/bin/env bash
# Daily fill queue report for the pharmacy counter.
# Reads the queue export in the working directory, summarises fills by
# status and by pharmacist (python step, fed through a pipe), and writes a
# text report into ./reports/.
#
# Usage: prog215e_fill_queue_report.sh [-q queue.csv] [-o reports_dir] [-w wait_minutes]
set -euo pipefail

QUEUE="./fill_queue.csv"
OUT_DIR="./reports"
WAIT_LIMIT=30

log() { echo "[queue-report] $*" >&2; }

while getopts ":q:o:w:" opt; do
    case "$opt" in
        q) QUEUE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        w) WAIT_LIMIT="$OPTARG" ;;
        *) echo "usage: $0 [-q csv] [-o dir] [-w minutes]" >&2; exit 2 ;;
    esac
done

if [[ ! -r "$QUEUE" ]]; then
    log "queue export $QUEUE not readable"
    exit 1
fi
if ! [[ "$WAIT_LIMIT" =~ ^[0-9]+$ ]]; then
    log "wait limit must be a number of minutes"
    exit 2
fi

mkdir -p "$OUT_DIR"
today="$(date +%F)"
report="$OUT_DIR/fill_queue_${today}.txt"

os_name="unknown"
if [[ -r /etc/os-release ]]; then
    os_name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
fi

rows=$(( $(wc -l <"$QUEUE") - 1 ))
log "summarising $rows queue rows from $QUEUE"

# Header is dropped and rows sorted by pharmacist before the python step.
summary="$(
    tail -n +2 "$QUEUE" | sort -t, -k4,4 |
    REPORT_WAIT_LIMIT="$WAIT_LIMIT" REPORT_DATE="$today" python3 -c '
import csv, os, sys
from collections import Counter, defaultdict

limit = int(os.environ["REPORT_WAIT_LIMIT"])
by_status = Counter()
by_rph = defaultdict(Counter)
late = []
for row in csv.reader(sys.stdin):
    if len(row) < 5:
        continue
    rx, status, received, rph, wait = row[:5]
    by_status[status] += 1
    by_rph[rph or "unassigned"][status] += 1
    try:
        if int(wait) > limit and status != "picked_up":
            late.append((int(wait), rx, rph or "unassigned"))
    except ValueError:
        pass

print("By status:")
for status, n in by_status.most_common():
    print(f"  {status:<14}{n:>6}")
print("By pharmacist:")
for rph in sorted(by_rph):
    parts = ", ".join(f"{s}={n}" for s, n in sorted(by_rph[rph].items()))
    print(f"  {rph:<14}{parts}")
print(f"Waiting longer than {limit} min: {len(late)}")
for wait, rx, rph in sorted(late, reverse=True)[:15]:
    print(f"  Rx {rx:<10} {wait:>4} min  ({rph})")
'
)"

{
    echo "Fill queue report - $today"
    echo "Station: $(hostname)  OS: $os_name"
    echo "Source: $QUEUE ($rows rows)"
    echo
    echo "$summary"
} >"$report"

log "report written to $report"

# Keep only the last 30 daily reports this script produced.
ls -1t "$OUT_DIR"/fill_queue_*.txt 2>/dev/null | tail -n +31 | while IFS= read -r old; do
    rm -f -- "$old"
    log "removed old report $old"
done
