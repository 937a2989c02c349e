#!/usr/bin/env bash
# spot_wind_report.sh - poll hourly wind forecasts for the school's kite spots
# and write the kiteable lesson windows to windows/<spot>.tsv for the booking
# desk.  Spot list lives in spots.conf:  name lat lon min_kn max_kn dir_from dir_to
#
# The raw forecast of the last spot is kept for the desk's wind board widget.

set -euo pipefail

CONF="${WINDPOLL_SPOTS:-./spots.conf}"
OUT_DIR="${WINDPOLL_OUT:-./windows}"
API="${WINDPOLL_API:-https://api.open-meteo.com/v1/forecast}"
HOURS="${WINDPOLL_HOURS:-48}"
BOARD_JSON=/tmp/spot_wind_board.json
# the school office sits behind an intercepting proxy
CURL_OPTS=(-fsS -k --retry 3 --max-time 20)
VERBOSE=0

log()  { printf '%s [report] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
dbg()  { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $0 [-c spots.conf] [-o outdir] [-H hours] [-v]
EOF
}

while getopts "c:o:H:vh" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        H) HOURS=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

command -v jq >/dev/null || die "jq is required"
[[ -r $CONF ]] || die "spot config $CONF not readable"
mkdir -p "$OUT_DIR"

fetch_forecast() {
    local lat=$1 lon=$2
    curl "${CURL_OPTS[@]}" \
        --get "$API" \
        --data-urlencode "latitude=$lat" \
        --data-urlencode "longitude=$lon" \
        --data-urlencode "hourly=wind_speed_10m,wind_gusts_10m,wind_direction_10m" \
        --data-urlencode "wind_speed_unit=kn" \
        --data-urlencode "forecast_hours=$HOURS" \
        --data-urlencode "timezone=auto"
}

kiteable() {
    local min=$1 max=$2 dfrom=$3 dto=$4
    jq -r --argjson min "$min" --argjson max "$max" \
          --argjson df "$dfrom" --argjson dt "$dto" '
        .hourly as $h
        | range(0; $h.time | length) as $i
        | {t: $h.time[$i], s: $h.wind_speed_10m[$i],
           g: $h.wind_gusts_10m[$i], d: $h.wind_direction_10m[$i]}
        | select(.s >= $min and .g <= $max)
        | select(if $df <= $dt then (.d >= $df and .d <= $dt)
                 else (.d >= $df or .d <= $dt) end)
        | [.t, (.s|round), (.g|round), (.d|round)] | @tsv'
}

total=0
while read -r name lat lon min max dfrom dto; do
    [[ -z ${name:-} || $name == \#* ]] && continue
    dbg "polling $name ($lat,$lon)"

    if ! json=$(fetch_forecast "$lat" "$lon"); then
        log "forecast fetch failed for $name, skipping"
        continue
    fi
    printf '%s' "$json" > "$BOARD_JSON"
    out="$OUT_DIR/$name.tsv"
    {
        printf 'time\tknots\tgust\tdir\n'
        printf '%s' "$json" | kiteable "$min" "$max" "$dfrom" "$dto"
    } > "$out.tmp"
    mv "$out.tmp" "$out"
    n=$(( $(wc -l < "$out") - 1 ))
    total=$(( total + n ))
    log "$name: $n kiteable hours"
done < "$CONF"

log "done, $total kiteable hours across all spots"
