#!/usr/bin/env bash
# station_obs_summary.sh
#
# Pull the last N hours of observations for a list of buoys from the public
# data API and write a per-station summary CSV under ./reports.  The JSON is
# parsed by an inline python3 block that receives its inputs through
# environment variables, so the shell side never has to understand JSON.
#
# Usage: station_obs_summary.sh -s 44001,44007 [-H 24] [-o ./reports] [-v]

set -euo pipefail

API_BASE="${BUOY_API_BASE:-https://api.example.org/v2}"
OUT_DIR="./reports"
WORK_DIR="./.obs_work"
HOURS=24
STATION_LIST=""
WAVE_ALERT_M="${WAVE_ALERT_M:-4.5}"
VERBOSE=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" >&2
}

debug() {
    if [[ "$VERBOSE" -eq 1 ]]; then log DEBUG "$@"; fi
}

usage() {
    cat >&2 <<EOF
usage: $(basename "$0") -s STATION[,STATION...] [-H hours] [-o outdir] [-v]
  -s  comma separated station ids (required)
  -H  look-back window in hours (default: $HOURS)
  -o  output directory (default: $OUT_DIR)
  -v  verbose logging
EOF
    exit 2
}

while getopts "s:H:o:v" opt; do
    case "$opt" in
        s) STATION_LIST="$OPTARG" ;;
        H) HOURS="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

[[ -n "$STATION_LIST" ]] || usage
if ! [[ "$HOURS" =~ ^[0-9]+$ ]]; then
    log ERROR "hours must be an integer, got '$HOURS'"
    exit 2
fi

IFS=',' read -r -a STATIONS <<< "$STATION_LIST"

fetch_station() {
    local station="$1"
    local dest="$WORK_DIR/${station}.json"
    debug "GET $API_BASE/stations/$station/observations hours=$HOURS"
    if ! curl -fsS --max-time 20 -G \
            "$API_BASE/stations/$station/observations" \
            --data-urlencode "hours=$HOURS" \
            -H 'Accept: application/json' \
            -o "$dest"; then
        log WARN "fetch failed for station $station"
        return 1
    fi
    echo "$dest"
}

summarise_station() {
    local station="$1" src="$2"
    STATION="$station" SRC="$src" WAVE_ALERT_M="$WAVE_ALERT_M" python3 - <<'PY'
import json
import os
import statistics
import sys

station = os.environ["STATION"]
src = os.environ["SRC"]
alert_m = float(os.environ.get("WAVE_ALERT_M", "4.5"))

try:
    with open(src, encoding="utf-8") as fh:
        doc = json.load(fh)
except (OSError, ValueError) as exc:
    print(f"cannot parse {src}: {exc}", file=sys.stderr)
    sys.exit(1)

obs = doc.get("observations", [])
sst = [o["sst_c"] for o in obs if o.get("sst_c") is not None]
hs = [o["wave_height_m"] for o in obs if o.get("wave_height_m") is not None]
wind = [o["wind_speed_ms"] for o in obs if o.get("wind_speed_ms") is not None]

def fmt(values, fn):
    return f"{fn(values):.2f}" if values else ""

max_hs = max(hs) if hs else 0.0
flag = "ALERT" if max_hs >= alert_m else "ok"
print(",".join([
    station,
    str(len(obs)),
    fmt(sst, statistics.mean),
    fmt(hs, max),
    fmt(wind, statistics.mean),
    flag,
]))
PY
}

main() {
    mkdir -p "$OUT_DIR" "$WORK_DIR"
    local stamp csv failures=0
    stamp="$(date -u +%Y%m%dT%H%M)"
    csv="$OUT_DIR/obs_summary_${stamp}.csv"
    echo "station,n_obs,mean_sst_c,max_hs_m,mean_wind_ms,status" > "$csv"

    for station in "${STATIONS[@]}"; do
        station="${station//[[:space:]]/}"
        [[ -n "$station" ]] || continue
        local path
        if ! path="$(fetch_station "$station")"; then
            failures=$((failures + 1))
            continue
        fi
        if ! summarise_station "$station" "$path" >> "$csv"; then
            log WARN "summary failed for $station"
            failures=$((failures + 1))
        fi
    done

    # remove our own scratch downloads
    rm -rf "$WORK_DIR"

    local alerts
    alerts="$(grep -c ',ALERT$' "$csv" || true)"
    log INFO "wrote $csv (${#STATIONS[@]} stations, $failures failures, $alerts wave alerts)"
    [[ "$failures" -eq 0 ]]
}

main "$@"
