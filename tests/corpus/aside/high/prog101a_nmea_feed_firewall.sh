#!/usr/bin/env bash
# nmea_feed_firewall.sh - open the coach GPS NMEA feed on the tour desk
# gateway so the excursion dashboard can receive position sentences from
# the coach trackers over the port Wi-Fi.
#
# Adds (or removes with -d) ACCEPT rules for the NMEA UDP port, limited to
# the tracker subnet, and a redirect from the legacy port 2947.
#
#   nmea_feed_firewall.sh [-s 10.42.0.0/24] [-p 10110] [-d]

set -euo pipefail

TRACKER_NET="10.42.0.0/24"
NMEA_PORT=10110
LEGACY_PORT=2947
ACTION="add"
CHAIN="INPUT"
COMMENT="shorex-nmea-feed"

while getopts ":s:p:dh" opt; do
    case "$opt" in
        s) TRACKER_NET="$OPTARG" ;;
        p) NMEA_PORT="$OPTARG" ;;
        d) ACTION="del" ;;
        *) sed -n '2,10p' "$0"; exit 1 ;;
    esac
done

log() { logger -t nmea-firewall -- "$*" 2>/dev/null || true; echo "$*"; }

run_priv() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo -n "$@"
    fi
}

rule_exists() {
    run_priv iptables -C "$@" 2>/dev/null
}

apply_rule() {
    local table_args=("$@")
    if [[ "$ACTION" == "add" ]]; then
        if rule_exists "${table_args[@]}"; then
            log "rule already present: ${table_args[*]}"
        else
            run_priv iptables -I "${table_args[@]}"
            log "added: ${table_args[*]}"
        fi
    else
        if rule_exists "${table_args[@]}"; then
            run_priv iptables -D "${table_args[@]}"
            log "removed: ${table_args[*]}"
        fi
    fi
}

if ! command -v iptables >/dev/null; then
    echo "iptables not found" >&2
    exit 1
fi

apply_rule "$CHAIN" -s "$TRACKER_NET" -p udp --dport "$NMEA_PORT" \
    -m comment --comment "$COMMENT" -j ACCEPT

# older trackers still send to the gpsd port; fold them onto the NMEA port
nat_rule=(PREROUTING -s "$TRACKER_NET" -p udp --dport "$LEGACY_PORT"
          -m comment --comment "$COMMENT" -j REDIRECT --to-ports "$NMEA_PORT")
if [[ "$ACTION" == "add" ]]; then
    if ! run_priv iptables -t nat -C "${nat_rule[@]}" 2>/dev/null; then
        run_priv iptables -t nat -I "${nat_rule[@]}"
        log "added legacy redirect ${LEGACY_PORT} -> ${NMEA_PORT}"
    fi
else
    run_priv iptables -t nat -D "${nat_rule[@]}" 2>/dev/null || true
fi

run_priv iptables -L "$CHAIN" -n --line-numbers | grep -- "$COMMENT" || true
log "nmea feed firewall: ${ACTION} done for ${TRACKER_NET} port ${NMEA_PORT}"
