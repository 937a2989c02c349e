#!/usr/bin/env bash
# Daily high/low/mean report for tide gauge CSV files.
# Input CSVs have a header and time_utc,level_m[,...] columns
# (the format written by prog210d_coops_fetch.py).
set -euo pipefail

REPORT_DIR="${TG_REPORT_DIR:-./reports}"
FLOOD_M="${TG_FLOOD_M:-2.1}"
FORMAT="text"

usage() {
    echo "usage: $0 [-f flood_level_m] [-j] file.csv [file.csv ...]" >&2
    exit 64
}

while getopts ":f:jh" opt; do
    case "$opt" in
        f) FLOOD_M="$OPTARG" ;;
        j) FORMAT="json" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
(( $# > 0 )) || usage

IFS= read -r -d '' SUMMARY_PY <<'PY' || true
import json, os, sys
from collections import OrderedDict

flood = float(os.environ["FLOOD_M"])
days = OrderedDict()
for line in sys.stdin:
    parts = line.strip().split(",")
    try:
        day, level = parts[0][:10], float(parts[1])
    except (IndexError, ValueError):
        continue
    days.setdefault(day, []).append(level)

rows = []
for day, levels in days.items():
    rows.append({
        "day": day,
        "high": max(levels),
        "low": min(levels),
        "mean": sum(levels) / len(levels),
        "samples": len(levels),
        "above_flood": sum(1 for v in levels if v >= flood),
    })

if os.environ["FORMAT"] == "json":
    json.dump({"station": os.environ["NAME"], "flood_m": flood, "days": rows}, sys.stdout, indent=2)
else:
    print(f"{os.environ['NAME']}  (flood threshold {flood:.2f} m)")
    print(f"{'day':10}  {'high':>7}  {'low':>7}  {'mean':>7}  {'n':>4}  flood")
    for r in rows:
        flag = f"{r['above_flood']}" if r["above_flood"] else "-"
        print(f"{r['day']:10}  {r['high']:7.3f}  {r['low']:7.3f}  {r['mean']:7.3f}  {r['samples']:4d}  {flag}")
if not rows:
    sys.exit(3)
PY

mkdir -p "$REPORT_DIR"
status=0

for csv in "$@"; do
    if [[ ! -r "$csv" ]]; then
        echo "skip: cannot read $csv" >&2
        status=1
        continue
    fi
    base="$(basename "$csv" .csv)"
    out="$REPORT_DIR/${base}_daily.${FORMAT/text/txt}"

    # strip the header and blank lines before handing rows to python
    if ! tail -n +2 "$csv" | grep -v '^[[:space:]]*$' | \
        FLOOD_M="$FLOOD_M" FORMAT="$FORMAT" NAME="$base" python3 -c "$SUMMARY_PY" >"$out"
    then
        echo "no usable rows in $csv" >&2
        rm -f "$out"
        status=1
        continue
    fi
    echo "wrote $out"
done

exit "$status"
