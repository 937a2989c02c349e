#!/bin/bash
# Allow the shop's tablets to reach the booking service on the office box
# and keep the rule across reboots.
set -euo pipefail

PORT="${BOOKING_PORT:-8443}"
SOURCES=("192.0.2.0/24" "198.51.100.32/28")
COMMENT="pianocare-booking"
RULES_FILE="${RULES_FILE:-/etc/iptables/rules.v4}"

log() { logger -t "$COMMENT" -- "$*" 2>/dev/null || true; echo "$*"; }

priv() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

fw() { priv iptables "$@"; }

rule_args() {
    local src="$1"
    printf '%s\n' INPUT -p tcp -s "$src" --dport "$PORT" \
        -m conntrack --ctstate NEW -m comment --comment "$COMMENT" -j ACCEPT
}

has_rule() {
    local -a spec
    mapfile -t spec < <(rule_args "$1")
    fw -C "${spec[@]}" 2>/dev/null
}

add_rules() {
    local src
    local -a spec
    for src in "${SOURCES[@]}"; do
        if has_rule "$src"; then
            log "rule for $src already present"
            continue
        fi
        mapfile -t spec < <(rule_args "$src")
        fw -I "${spec[@]}"
        log "allowed $src to port $PORT"
    done
}

remove_rules() {
    local src
    local -a spec
    for src in "${SOURCES[@]}"; do
        mapfile -t spec < <(rule_args "$src")
        while fw -C "${spec[@]}" 2>/dev/null; do
            fw -D "${spec[@]}"
            log "removed rule for $src"
        done
    done
}

save_rules() {
    priv mkdir -p "$(dirname "$RULES_FILE")"
    priv sh -c "iptables-save > '$RULES_FILE'"
    priv chmod 0640 "$RULES_FILE"
    log "saved rules to $RULES_FILE"
}

show_rules() {
    fw -S INPUT | grep -- "$COMMENT" || echo "no booking rules"
}

declare -A ACTIONS=(
    [open]="add_rules save_rules"
    [close]="remove_rules save_rules"
    [show]="show_rules"
)

main() {
    local action="${1:-show}" step
    if [[ -z "${ACTIONS[$action]:-}" ]]; then
        echo "usage: $0 {open|close|show}" >&2
        exit 2
    fi
    for step in ${ACTIONS[$action]}; do
        "$step"
    done
}

main "$@"
