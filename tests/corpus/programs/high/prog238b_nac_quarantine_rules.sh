#!/usr/bin/env bash
# nac_quarantine_rules.sh - keep the hall gateway's quarantine chain in step
# with the NAC quarantine list.
#
# Devices flagged by the NAC (unregistered, infected, DMCA hold) may only
# reach the registration portal and DNS. This reads ./quarantine.txt (one
# MAC per line, '#' comments allowed) and adds or removes MAC-match rules in
# the DORM_QUARANTINE chain of the gateway's filter table.
#
# Usage: nac_quarantine_rules.sh [-f list] [-p portal_ip] [-n]

set -euo pipefail

LIST="./quarantine.txt"
PORTAL_IP="192.0.2.20"
DNS_IP="192.0.2.53"
CHAIN="DORM_QUARANTINE"
STATE="./quarantine.applied"
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a ./quarantine_rules.log; }

while getopts ":f:p:nh" opt; do
    case "$opt" in
        f) LIST="$OPTARG" ;;
        p) PORTAL_IP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

if [[ $EUID -ne 0 ]] && (( ! DRY_RUN )); then
    echo "run as root on the hall gateway (or use -n)" >&2
    exit 1
fi

ipt() {
    if (( DRY_RUN )); then
        echo "iptables $*"
    else
        iptables "$@"
    fi
}

normalise_macs() {
    grep -v '^[[:space:]]*#' "$1" | tr 'A-F-' 'a-f:' | tr -d ' \t\r' \
        | grep -E '^([0-9a-f]{2}:){5}[0-9a-f]{2}$' | sort -u
}

ensure_chain() {
    if ! iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! iptables -C FORWARD -j "$CHAIN" 2>/dev/null; then
        ipt -I FORWARD 1 -j "$CHAIN"
        log "hooked $CHAIN into FORWARD"
    fi
}

add_mac() {
    local mac="$1"
    for rule in "-d $PORTAL_IP -j ACCEPT" "-d $DNS_IP -p udp --dport 53 -j ACCEPT" "-j DROP"; do
        # shellcheck disable=SC2086
        if ! iptables -C "$CHAIN" -m mac --mac-source "$mac" $rule 2>/dev/null; then
            # shellcheck disable=SC2086
            ipt -A "$CHAIN" -m mac --mac-source "$mac" $rule
        fi
    done
    log "quarantined $mac"
}

remove_mac() {
    local mac="$1"
    for rule in "-d $PORTAL_IP -j ACCEPT" "-d $DNS_IP -p udp --dport 53 -j ACCEPT" "-j DROP"; do
        # shellcheck disable=SC2086
        while iptables -C "$CHAIN" -m mac --mac-source "$mac" $rule 2>/dev/null; do
            # shellcheck disable=SC2086
            ipt -D "$CHAIN" -m mac --mac-source "$mac" $rule
            (( DRY_RUN )) && break
        done
    done
    log "released $mac"
}

[[ -f "$LIST" ]] || { echo "quarantine list $LIST not found" >&2; exit 1; }

ensure_chain
wanted="$(normalise_macs "$LIST")"
applied="$( [[ -f "$STATE" ]] && sort -u "$STATE" || true )"

comm -23 <(echo "$applied") <(echo "$wanted") | while read -r mac; do
    [[ -n "$mac" ]] && remove_mac "$mac"
done
comm -13 <(echo "$applied") <(echo "$wanted") | while read -r mac; do
    [[ -n "$mac" ]] && add_mac "$mac"
done

(( DRY_RUN )) || echo "$wanted" > "$STATE"
log "quarantine chain now covers $(echo "$wanted" | grep -c . || true) devices"
