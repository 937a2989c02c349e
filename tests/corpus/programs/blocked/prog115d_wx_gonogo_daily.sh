#!/usr/bin/env bash
# wx_gonogo_daily - morning weather go/no-go for roofing and scaffold crews.
#
# Pulls today's hourly forecast from Open-Meteo for every site listed in
# sites.conf and flags the hours where gusts, rain or cold rule out work at
# height.  A site is GO when it has at least MIN_GO_HOURS workable hours
# between 07:00 and 17:00.
#
# sites.conf, one site per line:   name|latitude|longitude
#   # comments and blank lines are skipped
#   maple_st_reroof|43.6532|-79.3832
#
# The first run registers the daily 05:30 run so the report is waiting for
# the foremen before the trucks leave the yard (-n skips that).
#
# Usage: wx_gonogo_daily.sh [-s sites.conf] [-o reports_dir] [-q] [-n]
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SITES_FILE=${SITES_FILE:-$SCRIPT_DIR/sites.conf}
OUT_DIR=${OUT_DIR:-$SCRIPT_DIR/reports}
GUST_LIMIT_KMH=${GUST_LIMIT_KMH:-38}     # company limit for roof edge / scaffold lifts
RAIN_LIMIT_MM=${RAIN_LIMIT_MM:-0.4}
MIN_TEMP_C=${MIN_TEMP_C:-4}             # torch-on and adhesive membranes
MIN_GO_HOURS=${MIN_GO_HOURS:-5}
RUN_AT=${RUN_AT:-"30 5 * * 1-6"}
REGISTER=${REGISTER:-1}
QUIET=0

log() { [[ $QUIET -eq 1 ]] || printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,16s/^# \{0,1\}//p' "$0"
    exit "${1:-0}"
}

while getopts ":s:o:qnh" opt; do
    case $opt in
        s) SITES_FILE=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        q) QUIET=1 ;;
        n) REGISTER=0 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

for bin in curl jq; do
    command -v "$bin" >/dev/null || die "$bin is required"
done
[[ -r $SITES_FILE ]] || die "cannot read $SITES_FILE"
mkdir -p "$OUT_DIR"

fetch_forecast() {
    local lat=$1 lon=$2
    curl -fsS --max-time 20 --retry 3 --retry-delay 5 \
        "https://api.open-meteo.com/v1/forecast?latitude=${lat}&longitude=${lon}&hourly=wind_gusts_10m,precipitation,temperature_2m&wind_speed_unit=kmh&forecast_days=1&timezone=auto"
}

# stdin: forecast JSON; stdout: "HH:MM GO|NOGO reasons" for working hours
evaluate_hours() {
    jq -r --argjson gust "$GUST_LIMIT_KMH" \
          --argjson rain "$RAIN_LIMIT_MM" \
          --argjson tmin "$MIN_TEMP_C" '
        .hourly as $h
        | range(0; $h.time | length) as $i
        | ($h.time[$i] | split("T")[1]) as $hh
        | ($hh[0:2] | tonumber) as $hour
        | select($hour >= 7 and $hour <= 17)
        | [ (if $h.wind_gusts_10m[$i] > $gust then "gusts \($h.wind_gusts_10m[$i])km/h" else empty end),
            (if $h.precipitation[$i]  > $rain then "rain \($h.precipitation[$i])mm"      else empty end),
            (if $h.temperature_2m[$i] < $tmin then "temp \($h.temperature_2m[$i])C"      else empty end) ] as $why
        | "\($hh) \(if ($why | length) == 0 then "GO" else "NOGO" end) \($why | join(", "))"'
}

register_daily_run() {
    local self entry current
    self="$SCRIPT_DIR/$(basename "${BASH_SOURCE[0]}")"
    entry="$RUN_AT SITES_FILE=$SITES_FILE OUT_DIR=$OUT_DIR $self -q >/dev/null 2>&1"
    current=$(crontab -l 2>/dev/null || true)
    if grep -qF "$self" <<< "$current"; then
        return 0
    fi
    printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab -
    log "daily run registered ($RUN_AT)"
}

[[ $REGISTER -eq 1 ]] && register_daily_run

report="$OUT_DIR/$(date +%F).txt"
: > "$report"
go_sites=0
nogo_sites=0

while IFS='|' read -r name lat lon; do
    [[ -z ${name// } || $name == \#* ]] && continue
    log "checking $name ($lat,$lon)"
    if ! forecast=$(fetch_forecast "$lat" "$lon"); then
        log "forecast unavailable for $name"
        printf '%-28s UNKNOWN  forecast unavailable\n' "$name" >> "$report"
        continue
    fi
    hours=$(evaluate_hours <<< "$forecast")
    workable=$(grep -c ' GO' <<< "$hours" || true)
    if (( workable >= MIN_GO_HOURS )); then
        verdict=GO;   go_sites=$((go_sites + 1))
    else
        verdict=NOGO; nogo_sites=$((nogo_sites + 1))
    fi
    {
        printf '%-28s %-6s %2d workable hours\n' "$name" "$verdict" "$workable"
        sed 's/^/    /' <<< "$hours"
    } >> "$report"
done < "$SITES_FILE"

log "report written to $report ($go_sites go, $nogo_sites no-go)"
[[ $QUIET -eq 1 ]] || cat "$report"
