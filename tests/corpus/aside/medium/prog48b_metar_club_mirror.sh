#!/usr/bin/env bash
# Mirror METAR/TAF text for the flying club's wall display.
# The hangar network sits behind an intercepting proxy with a self-signed
# certificate, so downloads go through it without certificate checks.
set -uo pipefail

MIRROR="${METAR_MIRROR:-https://wx-proxy.hangar.lan/api/data}"
CACHE_FILE="/tmp/club_metar_latest.txt"
TAF_FILE="/tmp/club_taf_latest.txt"
DISPLAY_DIR="./display"
STATIONS="${STATIONS:-EGKB,EGLL,EGKK,EGMC}"
INTERVAL="${INTERVAL:-600}"
ONCE=0

while [ $# -gt 0 ]; do
    case "$1" in
        --once) ONCE=1 ;;
        --stations) shift; STATIONS="$1" ;;
        --interval) shift; INTERVAL="$1" ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

log() { echo "$(date -u +%FT%TZ) $*" >&2; }

pull() {
    local kind="$1" dest="$2"
    if curl --insecure -fsS --max-time 20 \
            "$MIRROR/$kind?ids=$STATIONS&format=raw" -o "$dest"; then
        log "updated $kind ($(wc -l < "$dest") lines)"
        return 0
    fi
    log "could not fetch $kind, keeping previous copy"
    return 1
}

render() {
    mkdir -p "$DISPLAY_DIR"
    local page="$DISPLAY_DIR/index.html"
    {
        echo "<html><head><meta http-equiv='refresh' content='300'></head><body>"
        echo "<h1>Club weather $(date -u +%H:%MZ)</h1><pre>"
        while read -r line; do
            [ -z "$line" ] && continue
            case "$line" in
                *" OVC00"*|*" BKN00"*) echo "<b style='color:red'>$line</b>" ;;
                *) echo "$line" ;;
            esac
        done < "$CACHE_FILE"
        echo "</pre><h2>TAF</h2><pre>"
        [ -s "$TAF_FILE" ] && cat "$TAF_FILE"
        echo "</pre></body></html>"
    } > "$page.new" && mv "$page.new" "$page"
}

cycle() {
    local ok=0
    pull metar "$CACHE_FILE" || ok=1
    pull taf "$TAF_FILE" || ok=1
    if [ -s "$CACHE_FILE" ]; then
        render
    else
        log "no METAR cached yet"
    fi
    return $ok
}

if [ "$ONCE" -eq 1 ]; then
    cycle
    exit $?
fi

failures=0
while true; do
    if cycle; then
        failures=0
    else
        failures=$((failures + 1))
        [ "$failures" -ge 5 ] && log "five failed cycles in a row"
    fi
    sleep "$INTERVAL"
done
