#!/usr/bin/env bash
# press_kiosk_portforward.sh - serve the press booking page on port 80
#
# The booking calendar app listens on 8080 as an ordinary user.  The tablet at
# the press shed and visitors' phones expect plain http://press.local/, so we
# redirect port 80 to the app with a NAT rule instead of running it as root.
# Rules are tagged with a comment so --down removes exactly what --up added.
#
# usage: press_kiosk_portforward.sh [--up|--down|--status] [--iface IFACE]

set -euo pipefail

APP_PORT="${APP_PORT:-8080}"
PUBLIC_PORT=80
TAG="press-kiosk-redirect"
IFACE=""
ACTION="up"

while [ $# -gt 0 ]; do
    case "$1" in
        --up) ACTION=up ;;
        --down) ACTION=down ;;
        --status) ACTION=status ;;
        --iface) IFACE="$2"; shift ;;
        --app-port) APP_PORT="$2"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

ipt() { $SUDO iptables -w 5 "$@"; }

rule_args() {
    local chain="$1"
    local args=(-p tcp --dport "$PUBLIC_PORT")
    if [ "$chain" = "PREROUTING" ] && [ -n "$IFACE" ]; then
        args=(-i "$IFACE" "${args[@]}")
    fi
    if [ "$chain" = "OUTPUT" ]; then
        args=(-o lo "${args[@]}")
    fi
    printf '%s\n' "${args[@]}" -m comment --comment "$TAG" -j REDIRECT --to-ports "$APP_PORT"
}

have_rule() {
    local chain="$1"
    mapfile -t spec < <(rule_args "$chain")
    ipt -t nat -C "$chain" "${spec[@]}" 2>/dev/null
}

add_rules() {
    local chain
    for chain in PREROUTING OUTPUT; do
        if have_rule "$chain"; then
            echo "rule already present in $chain"
            continue
        fi
        mapfile -t spec < <(rule_args "$chain")
        ipt -t nat -I "$chain" 1 "${spec[@]}"
        echo "added $chain redirect :$PUBLIC_PORT -> :$APP_PORT"
    done
    # let locally generated requests to 127.0.0.1:80 reach the redirect too
    $SUDO sysctl -q -w net.ipv4.conf.lo.route_localnet=1
}

del_rules() {
    local chain
    for chain in PREROUTING OUTPUT; do
        while have_rule "$chain"; do
            mapfile -t spec < <(rule_args "$chain")
            ipt -t nat -D "$chain" "${spec[@]}"
            echo "removed $chain redirect"
        done
    done
}

status() {
    ipt -t nat -S | grep -- "$TAG" || echo "no press kiosk redirect rules"
}

command -v iptables >/dev/null || { echo "iptables is not installed" >&2; exit 1; }
if ! ss -ltn "sport = :$APP_PORT" | grep -q LISTEN; then
    echo "warning: nothing is listening on port $APP_PORT yet" >&2
fi

case "$ACTION" in
    up) add_rules ;;
    down) del_rules ;;
    status) status ;;
esac
