#!/usr/bin/env bash
# Daily care-visit summary for the hospice coordinators' morning huddle.
# Reads today's visit export (CSV from the scheduling system) in the current
# directory and writes a per-discipline, per-area summary to ./out/.
set -euo pipefail

EXPORT="${EXPORT:-./visits_today.csv}"
OUT_DIR="${OUT_DIR:-./out}"
WORK_DIR="./.summary_work"
KEEP_WORK=0

usage() {
    echo "usage: $0 [-e export.csv] [-o out_dir] [-k]"
    echo "  -k  keep intermediate files in $WORK_DIR"
}

while getopts ":e:o:kh" opt; do
    case "$opt" in
        e) EXPORT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        k) KEEP_WORK=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

log() { echo "[summary] $*" >&2; }

cleanup() {
    if [ "$KEEP_WORK" -eq 0 ] && [ -d "$WORK_DIR" ]; then
        rm -rf -- "$WORK_DIR"
    fi
}
trap cleanup EXIT

if [ ! -f "$EXPORT" ]; then
    log "export $EXPORT not found"
    exit 1
fi
mkdir -p "$OUT_DIR" "$WORK_DIR"

# Step 1: strip the header and Windows line endings into a work file.
tr -d '\r' < "$EXPORT" > "$WORK_DIR/clean.csv"
rows=$(( $(wc -l < "$WORK_DIR/clean.csv") - 1 ))
log "$rows visits in export"

# Step 2: aggregate in Python; file names are passed through the environment.
summary="$(CLEAN="$WORK_DIR/clean.csv" python3 - <<'PY'
import csv, os
from collections import Counter, defaultdict

by_role = Counter()
by_area = defaultdict(Counter)
minutes = Counter()
with open(os.environ["CLEAN"], newline="") as fh:
    for row in csv.DictReader(fh):
        role = row.get("discipline", "unknown").strip() or "unknown"
        area = row.get("area", "unknown").strip() or "unknown"
        by_role[role] += 1
        by_area[area][role] += 1
        try:
            minutes[role] += int(row.get("planned_minutes", 0) or 0)
        except ValueError:
            pass

print("Visits by discipline")
for role, n in by_role.most_common():
    print(f"  {role:<16} {n:>4} visits  {minutes[role] / 60:>5.1f} h planned")
print()
print("Visits by area")
for area in sorted(by_area):
    parts = ", ".join(f"{r} {n}" for r, n in sorted(by_area[area].items()))
    print(f"  {area:<16} {parts}")
PY
)"

# Step 3: compose the report with a heredoc and protect it (patient areas).
report="$OUT_DIR/summary_$(date +%F).txt"
cat > "$report" <<REPORT
Hospice care-visit summary - $(date '+%A %d %B %Y')
Source: $(basename "$EXPORT") ($rows visits)

$summary
REPORT
chmod 600 "$report"

# Step 4: a short line for the huddle board, taken from the report.
headline="$(grep -m1 -E '^  [a-z_]+ +[0-9]+ visits' "$report" | awk '{print $1": "$2" visits"}' || true)"
log "busiest discipline - ${headline:-n/a}"
log "report written to $report"
