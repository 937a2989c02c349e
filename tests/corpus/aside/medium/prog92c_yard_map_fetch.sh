#!/usr/bin/env bash
# yard_map_fetch.sh - pull the depot yard layout (bays, wash-down, fuel island,
# quarantine pen) and current machine positions from the depot gateway, and
# render a plain-text bay list for the yard foreman's tablet.
#
# Usage: yard_map_fetch.sh [-c config] [-d depot] [-q]
set -euo pipefail

SCRIPT_NAME=$(basename "$0")
CONFIG="${YARDMAP_CONFIG:-./yardmap.conf}"
DEPOT="${YARDMAP_DEPOT:-}"
OUT_DIR="./yardmap"
GATEWAY="https://depot-gw.local:8443"
QUIET=0

log() {
    [[ $QUIET -eq 1 ]] && return 0
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$SCRIPT_NAME" "$*" >&2
}

die() { log "ERROR: $*"; exit 1; }

while getopts ":c:d:q" opt; do
    case $opt in
        c) CONFIG=$OPTARG ;;
        d) DEPOT=$OPTARG ;;
        q) QUIET=1 ;;
        *) die "usage: $SCRIPT_NAME [-c config] [-d depot] [-q]" ;;
    esac
done

# shellcheck disable=SC1090
[[ -f $CONFIG ]] && source "$CONFIG"
[[ -n $DEPOT ]] || die "no depot code (set -d or YARDMAP_DEPOT)"
command -v jq >/dev/null || die "jq is required"

mkdir -p "$OUT_DIR"

fetch() {
    # depot gateways ship with the integrator's self-signed cert
    local path=$1 dest=$2 tries=0
    until curl -fsS -k --max-time 30 \
            -H "X-Depot: $DEPOT" \
            -o "$dest.part" "$GATEWAY/api/$path"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && return 1
        log "retry $tries for $path"
        sleep $((tries * 5))
    done
    mv "$dest.part" "$dest"
}

render_bays() {
    local layout=$1 positions=$2
    jq -r --slurpfile pos "$positions" '
        .bays[] as $b
        | ($pos[0].machines | map(select(.bay == $b.id))) as $m
        | "\($b.id)\t\($b.kind)\t\(if ($m|length)>0 then ($m|map(.fleet_no)|join(",")) else "-" end)"
    ' "$layout" | sort -V
}

summarise() {
    local positions=$1
    jq -r '
        .machines
        | group_by(.status)
        | map("\(.[0].status): \(length)")
        | join(", ")
    ' "$positions"
}

main() {
    log "syncing yard map for depot $DEPOT"
    fetch "depots/$DEPOT/layout" "$OUT_DIR/layout.json" || die "layout fetch failed"
    fetch "depots/$DEPOT/positions" "$OUT_DIR/positions.json" || die "positions fetch failed"

    local stamp
    stamp=$(jq -r '.generated_at // "unknown"' "$OUT_DIR/positions.json")
    {
        printf 'Depot %s yard map (positions as of %s)\n' "$DEPOT" "$stamp"
        printf 'Status: %s\n' "$(summarise "$OUT_DIR/positions.json")"
        printf 'BAY\tKIND\tMACHINES\n'
        render_bays "$OUT_DIR/layout.json" "$OUT_DIR/positions.json"
    } >"$OUT_DIR/bays.txt"
    log "wrote $OUT_DIR/bays.txt ($(wc -l <"$OUT_DIR/bays.txt") lines)"
}

main "$@"
