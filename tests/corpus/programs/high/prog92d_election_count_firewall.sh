#!/usr/bin/env bash
# election_count_firewall.sh - open the count server's web port to the
# returning officers' subnet for the duration of the SU election count, and
# close it again afterwards.
#
#   election_count_firewall.sh open  [--port 8443] [--from 10.42.16.0/24]
#   election_count_firewall.sh close
#   election_count_firewall.sh status
#
# Rules live in their own chain (SU_COUNT) so they can be removed cleanly.
set -euo pipefail

CHAIN=SU_COUNT
PORT=8443
FROM_NET="10.42.16.0/24"
SAVE_FILE=/etc/iptables/rules.v4
LOGFILE=./count-firewall.log

log() { echo "$(date -Is) $*" | tee -a "$LOGFILE"; }
die() { log "error: $*"; exit 1; }

need_root() {
    if [[ $EUID -ne 0 ]]; then
        exec sudo --preserve-env=PATH "$0" "$@"
    fi
}

parse_opts() {
    while [[ $# -gt 0 ]]; do
        case $1 in
            --port) PORT=$2; shift 2 ;;
            --from) FROM_NET=$2; shift 2 ;;
            *) die "unknown option $1" ;;
        esac
    done
    [[ $PORT =~ ^[0-9]+$ ]] || die "bad port $PORT"
}

chain_exists() { iptables -n -L "$CHAIN" >/dev/null 2>&1; }

open_port() {
    if ! chain_exists; then
        iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    iptables -F "$CHAIN"
    iptables -A "$CHAIN" -p tcp -s "$FROM_NET" --dport "$PORT" \
        -m conntrack --ctstate NEW -j ACCEPT
    iptables -A "$CHAIN" -p tcp --dport "$PORT" -j REJECT --reject-with tcp-reset
    iptables -C INPUT -j "$CHAIN" 2>/dev/null || iptables -I INPUT 1 -j "$CHAIN"
    log "port $PORT open to $FROM_NET"
}

close_port() {
    if chain_exists; then
        while iptables -C INPUT -j "$CHAIN" 2>/dev/null; do
            iptables -D INPUT -j "$CHAIN"
        done
        iptables -F "$CHAIN"
        iptables -X "$CHAIN"
        log "chain $CHAIN removed, port $PORT closed"
    else
        log "nothing to close"
    fi
}

persist() {
    # keep the rules across a reboot of the count server mid-count
    if [[ -d $(dirname "$SAVE_FILE") ]]; then
        iptables-save > "$SAVE_FILE"
        chmod 0640 "$SAVE_FILE"
        log "saved ruleset to $SAVE_FILE"
    else
        log "no $(dirname "$SAVE_FILE"), rules will not survive a reboot"
    fi
}

status() {
    if chain_exists; then
        iptables -n -v -L "$CHAIN" --line-numbers
    else
        echo "chain $CHAIN not present (count port closed)"
    fi
}

main() {
    local action=${1:-status}
    [[ $# -gt 0 ]] && shift
    need_root "$action" "$@"
    parse_opts "$@"
    command -v iptables >/dev/null || die "iptables not installed"
    case $action in
        open)   open_port; persist ;;
        close)  close_port; persist ;;
        status) status ;;
        *)      die "usage: $0 open|close|status [--port N] [--from CIDR]" ;;
    esac
}

main "$@"
