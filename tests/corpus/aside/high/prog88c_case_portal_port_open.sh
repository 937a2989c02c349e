#!/bin/sh
# case_portal_port_open.sh - allow the referring practices' VPN ranges to
# reach the case tracker portal on this lab server.
#
# The portal (gunicorn behind nginx) listens on 8443.  Practices connect over
# the site-to-site VPN; their ranges are listed one per line in
# ./practice_networks.txt, e.g.
#
#   10.40.12.0/24   smile_dental_north
#   10.40.19.0/24   parkside_ortho
#
# Usage: case_portal_port_open.sh [add|remove|list]

set -eu

PORT=${PORTAL_PORT:-8443}
NETS_FILE=${NETS_FILE:-./practice_networks.txt}
CHAIN=CASE_PORTAL
ACTION=${1:-add}
IPT=${IPT:-iptables}

log() { logger -t case-portal-fw "$*" 2>/dev/null || true; echo "$*"; }

run_priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

networks() {
    [ -f "$NETS_FILE" ] || { echo "missing $NETS_FILE" >&2; exit 1; }
    sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$NETS_FILE" | awk '{print $1 " " $2}'
}

ensure_chain() {
    if ! run_priv "$IPT" -nL "$CHAIN" >/dev/null 2>&1; then
        log "creating chain $CHAIN"
        run_priv "$IPT" -N "$CHAIN"
    fi
    if ! run_priv "$IPT" -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
        run_priv "$IPT" -I INPUT 1 -p tcp --dport "$PORT" -j "$CHAIN"
    fi
}

add_rules() {
    ensure_chain
    run_priv "$IPT" -F "$CHAIN"
    networks | while read -r net label; do
        run_priv "$IPT" -A "$CHAIN" -s "$net" -p tcp --dport "$PORT" \
            -m comment --comment "portal:${label:-practice}" -j ACCEPT
        log "allowed $net ($label) on $PORT"
    done
    run_priv "$IPT" -A "$CHAIN" -p tcp --dport "$PORT" -j DROP
    if command -v netfilter-persistent >/dev/null 2>&1; then
        run_priv netfilter-persistent save >/dev/null
    fi
}

remove_rules() {
    run_priv "$IPT" -D INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null || true
    run_priv "$IPT" -F "$CHAIN" 2>/dev/null || true
    run_priv "$IPT" -X "$CHAIN" 2>/dev/null || true
    log "portal rules removed"
}

case "$ACTION" in
    add) add_rules ;;
    remove) remove_rules ;;
    list) run_priv "$IPT" -nvL "$CHAIN" --line-numbers ;;
    *) echo "usage: $0 [add|remove|list]" >&2; exit 64 ;;
esac
