#!/usr/bin/env bash
# Make the dev server reachable on the "real" ports inside the remote VM:
# 80 -> 3000 and 443 -> 3443 for the browser-based editor preview, without
# running the dev server as root.  Rules are tagged with a comment so that
# `devport_redirect.sh down` removes exactly what `up` added.

set -euo pipefail

TAG="devport-redirect"
declare -A MAP=( [80]="${HTTP_TARGET:-3000}" [443]="${HTTPS_TARGET:-3443}" )
IPT="sudo iptables -w 5"

msg() { printf '%s: %s\n' "$TAG" "$*"; }

rule_args() {
    local chain="$1" from="$2" to="$3"
    echo "$chain -p tcp --dport $from -m comment --comment $TAG -j REDIRECT --to-ports $to"
}

has_rule() {
    # shellcheck disable=SC2046
    $IPT -t nat -C $(rule_args "$@") 2>/dev/null
}

up() {
    local from to
    for from in "${!MAP[@]}"; do
        to="${MAP[$from]}"
        for chain in PREROUTING OUTPUT; do
            if has_rule "$chain" "$from" "$to"; then
                msg "$chain $from->$to present"
            else
                # shellcheck disable=SC2046
                $IPT -t nat -A $(rule_args "$chain" "$from" "$to")
                msg "$chain $from->$to added"
            fi
        done
    done
    # needed so OUTPUT redirects also work for 127.0.0.1 clients
    sudo sysctl -q -w net.ipv4.conf.all.route_localnet=1
}

down() {
    local from to
    for from in "${!MAP[@]}"; do
        to="${MAP[$from]}"
        for chain in PREROUTING OUTPUT; do
            while has_rule "$chain" "$from" "$to"; do
                # shellcheck disable=SC2046
                $IPT -t nat -D $(rule_args "$chain" "$from" "$to")
                msg "$chain $from->$to removed"
            done
        done
    done
}

status() {
    $IPT -t nat -S | grep -- "--comment $TAG" || msg "no rules installed"
}

check_targets() {
    local to
    for to in "${MAP[@]}"; do
        if ! ss -ltn "sport = :$to" | grep -q LISTEN; then
            msg "warning: nothing listening on :$to yet"
        fi
    done
}

case "${1:-status}" in
    up)     check_targets; up ;;
    down)   down ;;
    status) status ;;
    *)      echo "usage: $0 up|down|status" >&2; exit 1 ;;
esac
