#!/usr/bin/env bash
# Daily summary of grow-room sensor CSVs.
#
# Reads ./data/<room>/<YYYY-MM-DD>.csv (timestamp,ph,ec,water_temp,humidity),
# pipes each file through a python heredoc that computes min/mean/max and
# counts out-of-band readings, and writes ./reports/summary-<date>.md.
set -euo pipefail

DATA_DIR="${DATA_DIR:-./data}"
REPORT_DIR="${REPORT_DIR:-./reports}"
DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date +%F)}"

# acceptable bands, handed to python through the environment
export PH_MIN="${PH_MIN:-5.6}" PH_MAX="${PH_MAX:-6.4}"
export EC_MIN="${EC_MIN:-1.2}" EC_MAX="${EC_MAX:-2.4}"
export TEMP_MAX="${TEMP_MAX:-24.0}"

log() { echo "[summary] $*" >&2; }

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "day must be YYYY-MM-DD, got '$DAY'"
    exit 2
fi

mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/summary-$DAY.md"
PARTS="$REPORT_DIR/.parts-$DAY"
: > "$PARTS"

SUMMARY_PY="$(cat <<'PY'
import csv, os, statistics, sys
room = os.environ["ROOM"]
bands = {
    "ph": (float(os.environ["PH_MIN"]), float(os.environ["PH_MAX"])),
    "ec": (float(os.environ["EC_MIN"]), float(os.environ["EC_MAX"])),
    "water_temp": (float("-inf"), float(os.environ["TEMP_MAX"])),
}
cols = {k: [] for k in ("ph", "ec", "water_temp", "humidity")}
bad = {k: 0 for k in bands}
rows = 0
for row in csv.DictReader(sys.stdin):
    rows += 1
    for k in cols:
        try:
            v = float(row[k])
        except (KeyError, ValueError):
            continue
        cols[k].append(v)
        if k in bands and not (bands[k][0] <= v <= bands[k][1]):
            bad[k] += 1
print(f"### {room}\n\n{rows} readings\n")
print("| metric | min | mean | max | out of band |")
print("|---|---|---|---|---|")
for k, vals in cols.items():
    if not vals:
        print(f"| {k} | - | - | - | - |")
        continue
    print(f"| {k} | {min(vals):.2f} | {statistics.fmean(vals):.2f} | {max(vals):.2f} | {bad.get(k, '-')} |")
print()
PY
)"

summarise_room() {
    local room="$1" csv="$2"
    cat "$csv" | ROOM="$room" python3 -c "$SUMMARY_PY"
}

rooms=0
for room_dir in "$DATA_DIR"/*/; do
    [[ -d "$room_dir" ]] || continue
    room="$(basename "$room_dir")"
    csv="$room_dir$DAY.csv"
    if [[ ! -s "$csv" ]]; then
        log "no data for $room on $DAY"
        continue
    fi
    if summarise_room "$room" "$csv" >> "$PARTS"; then
        rooms=$((rooms + 1))
    else
        log "failed to summarise $room"
    fi
done

CPU_MODEL="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ *//')"
OS_NAME="$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")"

{
    echo "# Sensor summary for $DAY"
    echo
    echo "Generated $(date '+%F %T') on $(hostname -s) (${OS_NAME:-unknown OS}, ${CPU_MODEL:-unknown CPU})."
    echo "Bands: pH $PH_MIN-$PH_MAX, EC $EC_MIN-$EC_MAX, water temp <= $TEMP_MAX C."
    echo
    cat "$PARTS"
} > "$REPORT"

rm -f "$PARTS"
log "wrote $REPORT ($rooms rooms)"
