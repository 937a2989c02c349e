#!/usr/bin/env bash
# Open the service ports of a staging host to the office networks only.
# Rules are appended to a dedicated STAGING-IN chain hooked into INPUT, so
# the existing policy and other chains stay untouched.  Idempotent: every
# rule is checked with -C before it is added.
set -euo pipefail

CHAIN="STAGING-IN"
OFFICE_NETS=${OFFICE_NETS:-"10.20.0.0/16,10.30.4.0/22,192.168.50.0/24"}
TCP_PORTS=( 22 443 {8080..8083} 9090 )
UDP_PORTS=( 51820 )
DRY=0
IPT=(sudo iptables -w 5)

log() { printf '[fw] %s\n' "$*"; }

run() {
    if (( DRY )); then
        printf '  + %s\n' "$*"
    else
        "$@"
    fi
}

ensure_rule() {   # ensure_rule <table args...>
    if ! "${IPT[@]}" -C "$@" 2>/dev/null; then
        run "${IPT[@]}" -A "$@"
        return 0
    fi
    return 1
}

ensure_chain() {
    if ! "${IPT[@]}" -n -L "$CHAIN" >/dev/null 2>&1; then
        run "${IPT[@]}" -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    ensure_rule INPUT -j "$CHAIN" && log "hooked $CHAIN into INPUT" || true
}

open_ports() {
    local proto=$1; shift
    local port net added=0 old_ifs=$IFS
    IFS=','; local -a nets=( $OFFICE_NETS ); IFS=$old_ifs
    for port in "$@"; do
        for net in "${nets[@]}"; do
            if ensure_rule "$CHAIN" -p "$proto" -s "$net" --dport "$port" \
                    -m conntrack --ctstate NEW -j ACCEPT; then
                added=$((added + 1))
            fi
        done
    done
    log "$proto: $added new rule(s) for ports ${*}"
}

while getopts 'nh' opt; do
    case $opt in
        n) DRY=1 ;;
        h) echo "usage: ${0##*/} [-n]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

command -v iptables >/dev/null || { log "iptables not installed"; exit 1; }
log "office networks: ${OFFICE_NETS//,/ }"
ensure_chain
ensure_rule "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT || true
open_ports tcp "${TCP_PORTS[@]}"
open_ports udp "${UDP_PORTS[@]}"
ensure_rule "$CHAIN" -p tcp -m multiport --dports "$(IFS=,; echo "${TCP_PORTS[*]}")" \
    -j LOG --log-prefix "staging-denied: " --log-level 4 || true
ensure_rule "$CHAIN" -p tcp -m multiport --dports "$(IFS=,; echo "${TCP_PORTS[*]}")" -j DROP || true

if (( ! DRY )); then
    "${IPT[@]}" -n -v -L "$CHAIN" --line-numbers
fi
log "done"
