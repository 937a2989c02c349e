#!/usr/bin/env bash
# laser_log_summary.sh - weekly summary of the laser cutter job logs.
#
# LightBurn exports a job log per session into ./logs (CSV lines:
# timestamp,user,file,material,seconds,status). This script merges them,
# totals tube time per material and user, and writes summary.md plus a
# small JSON blob (base64 data URI of the chart data) for the library's
# newsletter page. Intermediate files live in ./.cache and are removed.
set -euo pipefail

LOG_DIR="${1:-./logs}"
OUT="${2:-summary.md}"
CACHE="./.cache/laser_summary"
WEEK="$(date +%G-W%V)"

info() { echo "[laser-summary] $*" >&2; }

[ -d "$LOG_DIR" ] || { info "no log dir $LOG_DIR"; exit 1; }
mkdir -p "$CACHE"

shopt -s nullglob
files=("$LOG_DIR"/*.csv)
[ "${#files[@]}" -gt 0 ] || { info "no logs found"; exit 0; }
info "merging ${#files[@]} log files"

cat "${files[@]}" | grep -v '^timestamp,' | sort -u > "$CACHE/merged.csv"
JOBS="$(wc -l < "$CACHE/merged.csv")"
FAILED="$(awk -F, '$6 != "ok"' "$CACHE/merged.csv" | wc -l)"

# totals by material and user
awk -F, '{ t[$4] += $5 } END { for (m in t) printf "%s,%d\n", m, t[m] }' \
    "$CACHE/merged.csv" | sort -t, -k2 -nr > "$CACHE/by_material.csv"
awk -F, '{ t[$2] += $5 } END { for (u in t) printf "%s,%d\n", u, t[u] }' \
    "$CACHE/merged.csv" | sort -t, -k2 -nr | head -n 10 > "$CACHE/by_user.csv"

TOTAL_SECONDS="$(awk -F, '{ s += $5 } END { print s + 0 }' "$CACHE/merged.csv")"

MAT_TABLE="$(python3 -c '
import csv, sys
for name, secs in csv.reader(open(sys.argv[1])):
    print("| %s | %.1f min |" % (name, int(secs) / 60))
' "$CACHE/by_material.csv")"

USER_TABLE="$(python3 -c '
import csv, sys
for i, (user, secs) in enumerate(csv.reader(open(sys.argv[1])), 1):
    initials = "".join(p[0].upper() for p in user.split() if p) or "?"
    print("| %d | %s | %.1f min |" % (i, initials, int(secs) / 60))
' "$CACHE/by_user.csv")"

# chart data as a base64 data URI; it is only embedded in the page as data
CHART_URI="$(MAT_CSV="$CACHE/by_material.csv" python3 - <<'PY'
import base64, csv, json, os
rows = list(csv.reader(open(os.environ["MAT_CSV"])))
data = {"labels": [r[0] for r in rows], "minutes": [round(int(r[1]) / 60, 1) for r in rows]}
print("data:application/json;base64," + base64.b64encode(json.dumps(data).encode()).decode())
PY
)"

{
    echo "# Laser cutter usage, $WEEK"
    echo
    echo "- jobs: $JOBS (failed or aborted: $FAILED)"
    echo "- tube time: $((TOTAL_SECONDS / 60)) min"
    echo
    echo "| material | time |"
    echo "|---|---|"
    echo "$MAT_TABLE"
    echo
    echo "| rank | user | time |"
    echo "|---|---|---|"
    echo "$USER_TABLE"
    echo
    echo "<div class=\"chart\" data-src=\"$CHART_URI\"></div>"
} > "$OUT"

info "wrote $OUT ($JOBS jobs, $((TOTAL_SECONDS / 60)) min)"
rm -rf "$CACHE"
