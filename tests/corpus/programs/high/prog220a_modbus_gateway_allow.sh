#!/usr/bin/env bash
# modbus_gateway_allow.sh - allow the SCADA poller to reach the Modbus/TCP gateway.
#
# When a new SCADA poller is commissioned, the substation gateway needs an
# explicit ACCEPT rule for Modbus/TCP (502) from the poller's address only.
# The script adds the rule idempotently, tags it with a comment, and can list
# or remove the rules it manages. Existing rules are never touched.

set -euo pipefail

PORT="${PORT:-502}"
CHAIN="${CHAIN:-INPUT}"
TAG="scada-modbus"
LOG_FILE="./modbus_allow.log"

log() {
    printf '%s [modbus-allow] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat >&2 <<EOF
usage: $0 add POLLER_IP
       $0 remove POLLER_IP
       $0 list
EOF
    exit 2
}

valid_ip() {
    local ip="$1"
    [[ "$ip" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]] || return 1
    local IFS=.
    for octet in $ip; do
        (( octet <= 255 )) || return 1
    done
}

rule_args() {
    echo "-p tcp -s $1 --dport $PORT -m comment --comment $TAG -j ACCEPT"
}

has_rule() {
    # shellcheck disable=SC2046
    sudo iptables -C "$CHAIN" $(rule_args "$1") 2>/dev/null
}

add_rule() {
    local ip="$1"
    if has_rule "$ip"; then
        log "rule for $ip already present"
        return 0
    fi
    # shellcheck disable=SC2046
    sudo iptables -I "$CHAIN" 1 $(rule_args "$ip")
    log "added ACCEPT for $ip -> tcp/$PORT on $CHAIN"
}

remove_rule() {
    local ip="$1"
    if ! has_rule "$ip"; then
        log "no managed rule for $ip"
        return 0
    fi
    # shellcheck disable=SC2046
    sudo iptables -D "$CHAIN" $(rule_args "$ip")
    log "removed ACCEPT for $ip"
}

list_rules() {
    sudo iptables -S "$CHAIN" | grep -- "--comment $TAG" || echo "no managed rules"
}

main() {
    local action="${1:-}"
    case "$action" in
        add|remove)
            local ip="${2:-}"
            valid_ip "$ip" || { log "invalid IPv4 address: '$ip'"; exit 2; }
            if [[ "$action" == add ]]; then add_rule "$ip"; else remove_rule "$ip"; fi
            ;;
        list)
            list_rules
            ;;
        *)
            usage
            ;;
    esac
}

main "$@"
