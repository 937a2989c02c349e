#!/bin/sh
# sms_reply_webhook_port.sh - let the SMS gateway reach the fixture bot's
# reply webhook on the clubhouse mini-PC.
#
# Parents reply "Y"/"N" to availability texts; the gateway POSTs those replies
# to https://<clubhouse>:8443/replies.  The gateway publishes the address
# ranges it sends from, so only those are allowed in.
#
#   sms_reply_webhook_port.sh open   [port]
#   sms_reply_webhook_port.sh close  [port]
#   sms_reply_webhook_port.sh status [port]

set -eu

ACTION="${1:-status}"
PORT="${2:-8443}"
RANGES_FILE="${GATEWAY_RANGES_FILE:-./gateway_ranges.txt}"
COMMENT="fixture-bot-replies"

log() { printf '%s fixture-bot-fw: %s\n' "$(date '+%F %T')" "$*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -- "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas -- "$@"
    else
        log "need root (no sudo or doas found)"
        exit 1
    fi
}

gateway_ranges() {
    if [ -s "$RANGES_FILE" ]; then
        grep -Ev '^[[:space:]]*(#|$)' "$RANGES_FILE"
    else
        # defaults published in the gateway's docs
        printf '%s\n' 198.51.100.0/24 203.0.113.64/26
    fi
}

rule_args() {
    # $1 = source range
    echo "INPUT -p tcp -s $1 --dport $PORT -m conntrack --ctstate NEW -m comment --comment $COMMENT -j ACCEPT"
}

open_port() {
    count=0
    for r in $(gateway_ranges); do
        # shellcheck disable=SC2046
        if as_root iptables -C $(rule_args "$r") 2>/dev/null; then
            continue
        fi
        # shellcheck disable=SC2046
        as_root iptables -I $(rule_args "$r")
        count=$((count + 1))
    done
    log "added $count rule(s) for tcp/$PORT"
}

close_port() {
    removed=0
    for r in $(gateway_ranges); do
        # shellcheck disable=SC2046
        while as_root iptables -C $(rule_args "$r") 2>/dev/null; do
            # shellcheck disable=SC2046
            as_root iptables -D $(rule_args "$r")
            removed=$((removed + 1))
        done
    done
    log "removed $removed rule(s) for tcp/$PORT"
}

show_status() {
    as_root iptables -S INPUT | grep -- "$COMMENT" || log "no webhook rules present"
}

persist_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        as_root netfilter-persistent save >/dev/null
        log "rules saved with netfilter-persistent"
    else
        log "netfilter-persistent not installed; rules last until reboot"
    fi
}

case "$ACTION" in
    open)   open_port; persist_rules ;;
    close)  close_port; persist_rules ;;
    status) show_status ;;
    *) log "unknown action $ACTION"; exit 64 ;;
esac
