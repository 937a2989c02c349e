#!/usr/bin/env bash
# Expose the courier tracking webhook receiver on port 443.
#
# The couriers (DPD, Evri, Royal Mail) only deliver tracking callbacks to
# port 443, but the receiver runs unprivileged on 8443. Rather than running
# it as root we redirect the port in the nat table.
#
# Usage: ./courier_webhook_portmap.sh up|down|status [--iface eth0]

set -o errexit -o nounset -o pipefail

ACTION="${1:-status}"; shift || true
IFACE="${WEBHOOK_IFACE:-eth0}"
PUBLIC_PORT=443
APP_PORT="${WEBHOOK_APP_PORT:-8443}"
COMMENT="glowcrate-courier-webhook"
STATE_FILE="./run/portmap.state"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --iface) IFACE="$2"; shift 2 ;;
        --app-port) APP_PORT="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

ipt() {
    if [[ $EUID -ne 0 ]]; then
        sudo -n iptables "$@"
    else
        iptables "$@"
    fi
}

rule_spec=(-i "$IFACE" -p tcp --dport "$PUBLIC_PORT"
           -m comment --comment "$COMMENT"
           -j REDIRECT --to-ports "$APP_PORT")

local_spec=(-o lo -p tcp --dport "$PUBLIC_PORT"
            -m comment --comment "$COMMENT"
            -j REDIRECT --to-ports "$APP_PORT")

rule_present() {
    ipt -t nat -C PREROUTING "${rule_spec[@]}" 2>/dev/null
}

receiver_listening() {
    ss -ltn "sport = :$APP_PORT" | grep -q LISTEN
}

up() {
    if ! receiver_listening; then
        echo "warning: nothing is listening on :$APP_PORT yet" >&2
    fi
    if rule_present; then
        echo "redirect already in place"
    else
        echo "redirecting $IFACE:$PUBLIC_PORT -> :$APP_PORT"
        ipt -t nat -A PREROUTING "${rule_spec[@]}"
        ipt -t nat -A OUTPUT "${local_spec[@]}"
    fi
    mkdir -p "$(dirname "$STATE_FILE")"
    printf 'iface=%s\napp_port=%s\nsince=%s\n' "$IFACE" "$APP_PORT" "$(date -Is)" > "$STATE_FILE"
}

down() {
    local removed=0
    while ipt -t nat -D PREROUTING "${rule_spec[@]}" 2>/dev/null; do removed=$((removed+1)); done
    while ipt -t nat -D OUTPUT "${local_spec[@]}" 2>/dev/null; do removed=$((removed+1)); done
    rm -f "$STATE_FILE"
    echo "removed $removed rule(s)"
}

status() {
    if rule_present; then
        echo "redirect: active ($IFACE:$PUBLIC_PORT -> :$APP_PORT)"
    else
        echo "redirect: inactive"
    fi
    if receiver_listening; then
        echo "receiver: listening on :$APP_PORT"
    else
        echo "receiver: not running"
    fi
    [[ -f "$STATE_FILE" ]] && cat "$STATE_FILE"
    ipt -t nat -S PREROUTING | grep -- "$COMMENT" || true
}

case "$ACTION" in
    up) up ;;
    down) down ;;
    status) status ;;
    *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
