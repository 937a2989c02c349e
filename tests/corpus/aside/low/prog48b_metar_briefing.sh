#!/usr/bin/env bash
# Pre-flight weather briefing for the club's training flights.
# Downloads METAR/TAF text for a list of aerodromes and writes a short
# briefing with wind, visibility and flight category into ./briefings.
set -euo pipefail

API="https://aviationweather.gov/api/data"
OUT_DIR="./briefings"
STATIONS_FILE="${STATIONS_FILE:-./stations.txt}"
HOURS="${HOURS:-2}"
VERBOSE=0

usage() {
    echo "usage: $0 [-v] [-s stations_file] [-h hours]" >&2
    exit 2
}

while getopts "vs:h:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        s) STATIONS_FILE="$OPTARG" ;;
        h) HOURS="$OPTARG" ;;
        *) usage ;;
    esac
done

log() { [ "$VERBOSE" -eq 1 ] && echo "[$(date +%H:%M:%S)] $*" >&2 || true; }

fetch() {
    local kind="$1" ids="$2" dest="$3"
    log "fetching $kind for $ids"
    curl -fsS --max-time 20 --retry 2 \
        -o "$dest.partial" \
        "$API/$kind?ids=$ids&format=raw&hours=$HOURS"
    mv "$dest.partial" "$dest"
}

flight_category() {
    # $1 = visibility in statute miles, $2 = ceiling in feet (999999 = none)
    awk -v v="$1" -v c="$2" 'BEGIN {
        if (v < 1 || c < 500) print "LIFR";
        else if (v < 3 || c < 1000) print "IFR";
        else if (v <= 5 || c <= 3000) print "MVFR";
        else print "VFR" }'
}

summarise() {
    local metar_file="$1"
    while read -r line; do
        [ -z "$line" ] && continue
        station=$(awk '{print $1}' <<<"$line")
        wind=$(grep -oE '[0-9]{3}[0-9]{2,3}(G[0-9]{2,3})?KT|VRB[0-9]{2}KT' <<<"$line" | head -n1 || true)
        vis=$(grep -oE ' [0-9]+SM' <<<"$line" | tr -d ' SM' | head -n1 || true)
        ceil=$(grep -oE '(BKN|OVC)[0-9]{3}' <<<"$line" | head -n1 | cut -c4- || true)
        vis=${vis:-10}
        ceil_ft=$(( ${ceil:-9999} * 100 ))
        printf '%-6s wind=%-12s vis=%-3s ceil=%-6s %s\n' \
            "$station" "${wind:-calm}" "$vis" "$ceil_ft" "$(flight_category "$vis" "$ceil_ft")"
    done < "$metar_file"
}

main() {
    [ -r "$STATIONS_FILE" ] || { echo "no stations file: $STATIONS_FILE" >&2; exit 1; }
    mkdir -p "$OUT_DIR"
    rm -f "$OUT_DIR"/*.partial

    ids=$(grep -vE '^\s*(#|$)' "$STATIONS_FILE" | tr '\n' ',' | sed 's/,$//')
    stamp=$(date -u +%Y%m%dT%H%MZ)
    fetch metar "$ids" "$OUT_DIR/metar_$stamp.txt"
    fetch taf "$ids" "$OUT_DIR/taf_$stamp.txt"

    {
        echo "Briefing generated $stamp (UTC)"
        echo "----------------------------------------"
        summarise "$OUT_DIR/metar_$stamp.txt"
        echo
        echo "TAF:"
        cat "$OUT_DIR/taf_$stamp.txt"
    } > "$OUT_DIR/briefing_$stamp.txt"

    # keep the last 20 briefings only
    ls -1t "$OUT_DIR"/briefing_*.txt 2>/dev/null | tail -n +21 | xargs -r rm -f
    log "wrote $OUT_DIR/briefing_$stamp.txt"
}

main "$@"
