#!/usr/bin/env bash
# kiosk_port_redirect.sh - serve the ticket queue board on port 80
#
# The "your alterations are ready" queue board (the Flask app in ./queueboard)
# listens on 8080 as the shop user.  The window display tablet and the
# customer-facing kiosk only accept plain http://queue.local/, so this adds
# a NAT redirect from 80 to 8080 on the LAN interface instead of running the
# app as root.  Run it once after boot, or with "remove" to take it out.
#
# Usage: kiosk_port_redirect.sh [add|remove|status] [iface]

set -euo pipefail

ACTION="${1:-add}"
IFACE="${2:-$(ip -o -4 route show to default | awk '{print $5; exit}')}"
APP_PORT="${APP_PORT:-8080}"
PUBLIC_PORT="${PUBLIC_PORT:-80}"
COMMENT="shop-queueboard"
LOG=./kiosk_redirect.log

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

note() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

rule_args() {
    echo "-i $IFACE -p tcp --dport $PUBLIC_PORT -m comment --comment $COMMENT -j REDIRECT --to-ports $APP_PORT"
}

have_rule() {
    # shellcheck disable=SC2046
    $SUDO iptables -t nat -C PREROUTING $(rule_args) 2>/dev/null
}

have_local_rule() {
    $SUDO iptables -t nat -C OUTPUT -o lo -p tcp --dport "$PUBLIC_PORT" \
        -m comment --comment "$COMMENT" -j REDIRECT --to-ports "$APP_PORT" 2>/dev/null
}

add() {
    if [[ -z "$IFACE" ]]; then
        note "could not work out the LAN interface; pass it as the second argument"
        exit 1
    fi
    if ! ss -ltn "sport = :$APP_PORT" | grep -q LISTEN; then
        note "warning: nothing is listening on :$APP_PORT yet"
    fi
    if have_rule; then
        note "redirect already present on $IFACE"
    else
        # shellcheck disable=SC2046
        $SUDO iptables -t nat -A PREROUTING $(rule_args)
        note "added $IFACE:$PUBLIC_PORT -> :$APP_PORT"
    fi
    if ! have_local_rule; then
        $SUDO iptables -t nat -A OUTPUT -o lo -p tcp --dport "$PUBLIC_PORT" \
            -m comment --comment "$COMMENT" -j REDIRECT --to-ports "$APP_PORT"
        note "added loopback redirect for testing from this PC"
    fi
    $SUDO sysctl -q -w net.ipv4.conf.all.route_localnet=1
}

remove() {
    if have_rule; then
        # shellcheck disable=SC2046
        $SUDO iptables -t nat -D PREROUTING $(rule_args)
        note "removed redirect on $IFACE"
    fi
    if have_local_rule; then
        $SUDO iptables -t nat -D OUTPUT -o lo -p tcp --dport "$PUBLIC_PORT" \
            -m comment --comment "$COMMENT" -j REDIRECT --to-ports "$APP_PORT"
        note "removed loopback redirect"
    fi
}

status() {
    $SUDO iptables -t nat -S | grep -- "$COMMENT" || echo "no queue board redirect rules"
    if curl -fsS -o /dev/null --max-time 3 "http://127.0.0.1:${PUBLIC_PORT}/"; then
        echo "queue board reachable on port ${PUBLIC_PORT}"
    else
        echo "queue board NOT reachable on port ${PUBLIC_PORT}"
    fi
}

case "$ACTION" in
    add) add ;;
    remove) remove ;;
    status) status ;;
    *) echo "usage: $0 [add|remove|status] [iface]" >&2; exit 2 ;;
esac
