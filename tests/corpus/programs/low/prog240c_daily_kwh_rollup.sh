#!/usr/bin/env bash
# daily_kwh_rollup.sh - roll the day's interval readings up per member.
#
# Reads the interval CSVs for one day from ./data/<day>/, joins them with the
# meter-to-member map and writes ./out/rollup-<day>.csv.  The arithmetic is
# done by an inline python step that gets its inputs through the
# environment and a pipe.
#
#   daily_kwh_rollup.sh [-d YYYY-MM-DD] [-m meters.csv]
set -euo pipefail

DAY="$(date -d yesterday +%F)"
MAP="./data/meter_members.csv"
OUTDIR="./out"
BUILD="./build/rollup"

log() { echo "$(date +%T) [rollup] $*" >&2; }

usage() {
    echo "usage: $0 [-d YYYY-MM-DD] [-m meter_members.csv] [-o outdir]" >&2
    exit 2
}

while getopts ":d:m:o:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        m) MAP="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad day $DAY"; exit 2; }
SRC="./data/$DAY"
[[ -d "$SRC" ]] || { log "no readings folder $SRC"; exit 1; }
[[ -r "$MAP" ]] || { log "cannot read meter map $MAP"; exit 1; }

mkdir -p "$OUTDIR" "$BUILD"
OUT="$OUTDIR/rollup-$DAY.csv"

file_count=$(find "$SRC" -maxdepth 1 -name '*.csv' | wc -l)
log "rolling up $file_count files for $DAY"

# the rollup step is written into the build folder and run below
cat > "$BUILD/rollup.py" <<'PY'
import csv, os, sys
from collections import defaultdict

members = {}
with open(os.environ["ROLLUP_MAP"], newline="") as fh:
    for row in csv.DictReader(fh):
        members[row["meter"].strip()] = row["member_id"].strip()

totals = defaultdict(lambda: [0.0, 0.0, 0])
unknown = 0
for line in sys.stdin:
    parts = line.strip().split(",")
    if len(parts) < 4:
        continue
    meter, _ts, imp, exp = parts[:4]
    member = members.get(meter)
    if member is None:
        unknown += 1
        continue
    t = totals[member]
    t[0] += float(imp or 0)
    t[1] += float(exp or 0)
    t[2] += 1

out = csv.writer(sys.stdout)
out.writerow(["day", "member_id", "import_kwh", "export_kwh", "net_kwh", "intervals"])
for member in sorted(totals):
    imp, exp, n = totals[member]
    out.writerow([os.environ["ROLLUP_DAY"], member, f"{imp:.3f}", f"{exp:.3f}",
                  f"{imp - exp:.3f}", n])
print(f"{len(totals)} members, {unknown} readings from unmapped meters", file=sys.stderr)
PY

# stream every reading (no headers) into python; the map path and day go in
# through the environment
find "$SRC" -maxdepth 1 -name '*.csv' -print0 \
  | xargs -0 -r tail -q -n +2 \
  | ROLLUP_MAP="$MAP" ROLLUP_DAY="$DAY" python3 "$BUILD/rollup.py" > "$BUILD/rollup.csv"

rows=$(( $(wc -l < "$BUILD/rollup.csv") - 1 ))
if (( rows <= 0 )); then
    log "no members in rollup; keeping previous output"
    exit 1
fi

mv "$BUILD/rollup.csv" "$OUT"
rm -rf -- "$BUILD"
log "wrote $rows member rows to $OUT"
