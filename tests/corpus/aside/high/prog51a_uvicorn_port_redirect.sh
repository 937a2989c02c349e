#!/usr/bin/env bash
# Let the unprivileged uvicorn process (listening on 8443) answer on 443 by
# adding NAT redirect rules. Rules carry a comment so "down" removes exactly
# what "up" added and nothing else.
set -euo pipefail

PUBLIC_PORT="${PUBLIC_PORT:-443}"
APP_PORT="${APP_PORT:-8443}"
IFACE="${IFACE:-}"
TAG="uvicorn-redirect"
IPT=(sudo iptables -w 5)

log() { echo "$(date +%H:%M:%S) $*"; }

rule_args() {
    local chain="$1"
    local args=(-t nat "$chain" -p tcp --dport "$PUBLIC_PORT")
    if [ "$chain" = PREROUTING ] && [ -n "$IFACE" ]; then
        args+=(-i "$IFACE")
    fi
    if [ "$chain" = OUTPUT ]; then
        args+=(-o lo)
    fi
    args+=(-m comment --comment "$TAG" -j REDIRECT --to-ports "$APP_PORT")
    printf '%s\n' "${args[@]}"
}

add_rule() {
    local chain="$1"
    mapfile -t a < <(rule_args "$chain")
    if "${IPT[@]}" -t nat -C "$chain" "${a[@]:3}" 2>/dev/null; then
        log "$chain rule already present"
        return
    fi
    "${IPT[@]}" -t nat -A "$chain" "${a[@]:3}"
    log "added $chain $PUBLIC_PORT -> $APP_PORT"
}

del_rule() {
    local chain="$1"
    mapfile -t a < <(rule_args "$chain")
    while "${IPT[@]}" -t nat -C "$chain" "${a[@]:3}" 2>/dev/null; do
        "${IPT[@]}" -t nat -D "$chain" "${a[@]:3}"
        log "removed $chain rule"
    done
}

status() {
    "${IPT[@]}" -t nat -S PREROUTING | grep -- "$TAG" || echo "no PREROUTING rule"
    "${IPT[@]}" -t nat -S OUTPUT | grep -- "$TAG" || echo "no OUTPUT rule"
    if ss -ltn "sport = :$APP_PORT" | grep -q LISTEN; then
        echo "uvicorn is listening on $APP_PORT"
    else
        echo "warning: nothing listening on $APP_PORT"
    fi
}

case "${1:-status}" in
    up)
        add_rule PREROUTING
        add_rule OUTPUT
        status
        ;;
    down)
        del_rule PREROUTING
        del_rule OUTPUT
        ;;
    status)
        status
        ;;
    *)
        echo "usage: $0 up|down|status" >&2
        exit 2
        ;;
esac
