#!/usr/bin/env bash
# Daily evapotranspiration and growing degree day summary.
# Reads the weather station's hourly CSV export from the working directory
# and writes a per-day summary for the irrigation meeting.
set -euo pipefail

INPUT="${INPUT:-./station_hourly.csv}"
OUT_DIR="${OUT_DIR:-./reports}"
BASE_TEMP="${BASE_TEMP:-10}"
LATITUDE="${LATITUDE:-38.5}"
DAYS="${DAYS:-7}"

log() { echo "et-summary: $*" >&2; }

while getopts ":i:o:b:l:d:h" opt; do
  case "$opt" in
    i) INPUT="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    b) BASE_TEMP="$OPTARG" ;;
    l) LATITUDE="$OPTARG" ;;
    d) DAYS="$OPTARG" ;;
    h) echo "usage: $0 [-i csv] [-o dir] [-b base_temp] [-l latitude] [-d days]"; exit 0 ;;
    *) log "bad option"; exit 2 ;;
  esac
done

if [[ ! -r "$INPUT" ]]; then
  log "cannot read $INPUT"
  exit 1
fi

mkdir -p "$OUT_DIR"
STAMP="$(date +%Y%m%d)"
REPORT="$OUT_DIR/et_summary_${STAMP}.txt"
ROWS="$(grep -c . "$INPUT")"
log "input has $ROWS lines"

# Only the last N days of hourly rows are of interest.
HOURLY_ROWS="$(tail -n "$(( DAYS * 24 ))" "$INPUT")"
export BASE_TEMP LATITUDE HOURLY_ROWS
python3 - > "$REPORT" <<'PYEOF'
import collections
import csv
import math
import os

base = float(os.environ["BASE_TEMP"])
lat = math.radians(float(os.environ["LATITUDE"]))

days = collections.OrderedDict()
for row in csv.reader(os.environ["HOURLY_ROWS"].splitlines()):
    if len(row) < 4 or row[0].startswith("time"):
        continue
    try:
        date = row[0][:10]
        temp = float(row[1])
        rain = float(row[3])
    except ValueError:
        continue
    d = days.setdefault(date, {"tmin": temp, "tmax": temp, "rain": 0.0})
    d["tmin"] = min(d["tmin"], temp)
    d["tmax"] = max(d["tmax"], temp)
    d["rain"] += rain


def hargreaves(tmin, tmax, doy):
    dr = 1 + 0.033 * math.cos(2 * math.pi * doy / 365)
    decl = 0.409 * math.sin(2 * math.pi * doy / 365 - 1.39)
    ws = math.acos(-math.tan(lat) * math.tan(decl))
    ra = (24 * 60 / math.pi) * 0.082 * dr * (
        ws * math.sin(lat) * math.sin(decl) + math.cos(lat) * math.cos(decl) * math.sin(ws))
    tmean = (tmin + tmax) / 2
    return 0.0023 * 0.408 * ra * (tmean + 17.8) * math.sqrt(max(tmax - tmin, 0))


print(f"{'date':<12}{'tmin':>6}{'tmax':>6}{'rain':>7}{'et0':>7}{'gdd':>6}")
total_et = total_gdd = 0.0
for i, (date, d) in enumerate(days.items()):
    doy = 1 + (int(date[5:7]) - 1) * 30 + int(date[8:10])
    et0 = hargreaves(d["tmin"], d["tmax"], doy)
    gdd = max((d["tmin"] + d["tmax"]) / 2 - base, 0)
    total_et += et0
    total_gdd += gdd
    print(f"{date:<12}{d['tmin']:>6.1f}{d['tmax']:>6.1f}{d['rain']:>7.1f}{et0:>7.2f}{gdd:>6.1f}")
print(f"{'total':<12}{'':>6}{'':>6}{'':>7}{total_et:>7.2f}{total_gdd:>6.1f}")
PYEOF

log "summary written to $REPORT"
LINES="$(wc -l < "$REPORT")"
if (( LINES <= 2 )); then
  log "warning: no complete days found in the input"
fi
cat "$REPORT"
