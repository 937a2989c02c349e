#!/usr/bin/env bash
# bingo_printer_netsetup.sh - open the raw print path between the bingo
# ticket server and the hall's thermal ticket printers.
#
# The bingo ticket server pushes ticket batches to the printers over raw
# TCP/9100 and polls their status over SNMP.  Hall PCs ship with a default
# deny inbound policy, so after a rebuild this adds the narrow allow rules,
# shortens TCP keepalive so a printer that loses power is noticed within a
# couple of minutes, and persists both.
#
# Usage: bingo_printer_netsetup.sh [-s ticket_server_cidr] [-p printer_cidr] [-n]

set -euo pipefail

SERVER_CIDR="${TICKET_SERVER_CIDR:-10.40.12.0/28}"
PRINTER_CIDR="${PRINTER_CIDR:-10.40.30.0/24}"
CHAIN="BINGO-PRINT"
SYSCTL_FILE="/etc/sysctl.d/60-bingo-printers.conf"
RULES_FILE="/etc/iptables/rules.v4"
DRY_RUN=0

log() { printf '%s netsetup: %s\n' "$(date '+%F %T')" "$*"; }

while getopts ":s:p:n" o; do
    case "$o" in
        s) SERVER_CIDR="$OPTARG" ;;
        p) PRINTER_CIDR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-s server_cidr] [-p printer_cidr] [-n]" >&2; exit 2 ;;
    esac
done

as_root() {
    if (( DRY_RUN )); then
        log "would run: $*"
        return 0
    fi
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

valid_cidr() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]
}

valid_cidr "$SERVER_CIDR" || { log "bad server CIDR $SERVER_CIDR"; exit 2; }
valid_cidr "$PRINTER_CIDR" || { log "bad printer CIDR $PRINTER_CIDR"; exit 2; }

ensure_chain() {
    if ! as_root iptables -nL "$CHAIN" >/dev/null 2>&1; then
        as_root iptables -N "$CHAIN"
    fi
    as_root iptables -F "$CHAIN"
    as_root iptables -A "$CHAIN" -p tcp -s "$SERVER_CIDR" -d "$PRINTER_CIDR" --dport 9100 -j ACCEPT
    as_root iptables -A "$CHAIN" -p udp -s "$SERVER_CIDR" -d "$PRINTER_CIDR" --dport 161 -j ACCEPT
    as_root iptables -A "$CHAIN" -p udp -s "$PRINTER_CIDR" --sport 161 -d "$SERVER_CIDR" -j ACCEPT
    as_root iptables -A "$CHAIN" -j RETURN
    for hook in FORWARD INPUT; do
        as_root iptables -C "$hook" -j "$CHAIN" 2>/dev/null \
            || as_root iptables -I "$hook" 1 -j "$CHAIN"
    done
    log "chain $CHAIN: $SERVER_CIDR -> $PRINTER_CIDR tcp/9100, udp/161"
}

tune_keepalive() {
    local conf
    conf=$(cat <<EOF
# bingo ticket printers: notice dead print sockets quickly
net.ipv4.tcp_keepalive_time = 120
net.ipv4.tcp_keepalive_intvl = 15
net.ipv4.tcp_keepalive_probes = 4
EOF
)
    if (( DRY_RUN )); then
        log "would write $SYSCTL_FILE"
    else
        printf '%s\n' "$conf" | sudo -n tee "$SYSCTL_FILE" >/dev/null
    fi
    as_root sysctl -q -p "$SYSCTL_FILE"
    log "keepalive tuned"
}

persist_rules() {
    if command -v iptables-save >/dev/null; then
        if (( DRY_RUN )); then
            log "would save rules to $RULES_FILE"
        else
            sudo -n mkdir -p "$(dirname "$RULES_FILE")"
            sudo -n iptables-save | sudo -n tee "$RULES_FILE" >/dev/null
            log "rules persisted to $RULES_FILE"
        fi
    fi
}

ensure_chain
tune_keepalive
persist_rules
log "done"
