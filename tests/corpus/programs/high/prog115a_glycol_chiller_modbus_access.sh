#!/usr/bin/env bash
# glycol_chiller_modbus_access.sh - let the cellar monitor poll the glycol
# chillers over Modbus/TCP.
#
# The chillers sit on the plant VLAN. The cellar monitor PC needs to reach
# them on 502/tcp and receive their SNMP traps on 162/udp. Rules are kept
# in a dedicated chain so they can be flushed and re-applied idempotently.
set -euo pipefail

CHAIN="BREW_CHILLERS"
CONF="${CHILLER_CONF:-./chillers.conf}"
DRY_RUN=0
IPT="iptables"

usage() { echo "usage: $0 [-n] [-c chillers.conf]"; }

while getopts ":nc:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        c) CONF="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

log() { logger -t chiller-access "$*" 2>/dev/null || true; echo "$*"; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "+ $*"
    else
        sudo -n "$@"
    fi
}

read_chillers() {
    # chillers.conf: one "name ip" per line, # for comments
    [[ -r "$CONF" ]] || { echo "cannot read $CONF" >&2; exit 1; }
    grep -Ev '^\s*(#|$)' "$CONF"
}

ensure_chain() {
    if sudo -n "$IPT" -L "$CHAIN" -n >/dev/null 2>&1; then
        run "$IPT" -F "$CHAIN"
    else
        run "$IPT" -N "$CHAIN"
    fi
    for parent in INPUT OUTPUT; do
        if ! sudo -n "$IPT" -C "$parent" -j "$CHAIN" >/dev/null 2>&1; then
            run "$IPT" -I "$parent" 1 -j "$CHAIN"
        fi
    done
}

allow_chiller() {
    local name="$1" ip="$2"
    run "$IPT" -A "$CHAIN" -p tcp -d "$ip" --dport 502 -m conntrack --ctstate NEW,ESTABLISHED \
        -m comment --comment "modbus $name" -j ACCEPT
    run "$IPT" -A "$CHAIN" -p tcp -s "$ip" --sport 502 -m conntrack --ctstate ESTABLISHED \
        -m comment --comment "modbus $name" -j ACCEPT
    run "$IPT" -A "$CHAIN" -p udp -s "$ip" --dport 162 -m comment --comment "trap $name" -j ACCEPT
    log "allowed $name ($ip)"
}

main() {
    command -v "$IPT" >/dev/null || { echo "$IPT not installed" >&2; exit 1; }
    ensure_chain
    local count=0
    while read -r name ip _; do
        [[ -n "${ip:-}" ]] || continue
        allow_chiller "$name" "$ip"
        count=$((count + 1))
    done < <(read_chillers)
    run "$IPT" -A "$CHAIN" -j RETURN
    log "$count chillers configured in chain $CHAIN"
}

main
