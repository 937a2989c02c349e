#!/usr/bin/env bash
# Build the weekly gamma camera / PET-CT roster from the per-day booking
# exports in ./schedule and render it as a text table plus a small HTML page
# with the CSV embedded as a download link.
set -euo pipefail

SCHED_DIR="./schedule"
BUILD_DIR="./build/roster"
OUT_DIR="./out"
WEEK=$(date +%G-W%V)
KEEP_BUILD=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --week) WEEK=$2; shift 2 ;;
    --schedule-dir) SCHED_DIR=$2; shift 2 ;;
    --keep-build) KEEP_BUILD=1; shift ;;
    -h|--help) echo "Usage: $0 [--week YYYY-Www] [--schedule-dir DIR] [--keep-build]"; exit 0 ;;
    *) log "unknown argument: $1"; exit 2 ;;
  esac
done

shopt -s nullglob
day_files=("$SCHED_DIR"/bookings_*.csv)
(( ${#day_files[@]} > 0 )) || { log "no booking exports in $SCHED_DIR"; exit 1; }
mkdir -p "$BUILD_DIR" "$OUT_DIR"
log "merging ${#day_files[@]} day files for $WEEK"

merged="$BUILD_DIR/merged.csv"
{
  echo "date,room,slot,technologist,study"
  for f in "${day_files[@]}"; do
    tail -n +2 "$f" | grep -v '^[[:space:]]*$' || true
  done | sort -t, -k1,1 -k2,2 -k3,3
} >"$merged"

# Generate the renderer now, run it once the merge has been checked
renderer="$BUILD_DIR/render_roster.sh"
cat >"$renderer" <<'EOS'
#!/usr/bin/env bash
set -euo pipefail
in="$1"
ROSTER_IN="$in" python3 - <<'PY'
import csv, os
from collections import defaultdict
by_room = defaultdict(list)
with open(os.environ["ROSTER_IN"], newline="") as fh:
    for r in csv.DictReader(fh):
        by_room[r["room"]].append(r)
for room in sorted(by_room):
    print(f"== {room} ==")
    for r in by_room[room]:
        print(f"  {r['date']}  {r['slot']:<6} {r['technologist']:<18} {r['study']}")
    print(f"  ({len(by_room[room])} bookings)")
PY
EOS
chmod 700 "$renderer"

bad_rows=$(awk -F, 'NR>1 && NF!=5' "$merged" | wc -l)
if (( bad_rows > 0 )); then
  log "WARNING: $bad_rows malformed rows dropped"
  awk -F, 'NR==1 || NF==5' "$merged" >"$merged.ok" && mv "$merged.ok" "$merged"
fi

text_out="$OUT_DIR/roster_${WEEK}.txt"
bash "$renderer" "$merged" >"$text_out"
log "text roster: $text_out ($(grep -c '^==' "$text_out") rooms)"

# Footer: which workstation produced the roster
os_name=$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null || true)
os_name=${os_name:-unknown}

# The CSV is only embedded as a data: link so staff can download it
csv_b64=$(base64 -w0 "$merged")
html_out="$OUT_DIR/roster_${WEEK}.html"
{
  echo "<html><head><meta charset='utf-8'><title>Roster $WEEK</title></head><body>"
  echo "<h1>Camera roster $WEEK</h1><pre>"
  sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' "$text_out"
  echo "</pre><p><a download='roster_${WEEK}.csv' href='data:text/csv;base64,${csv_b64}'>Download CSV</a></p>"
  echo "<footer>Generated $(date '+%F %T') on $(hostname) ($os_name)</footer></body></html>"
} >"$html_out"
log "html roster: $html_out"

if (( ! KEEP_BUILD )); then
  rm -rf "$BUILD_DIR"
  log "removed build directory"
fi
