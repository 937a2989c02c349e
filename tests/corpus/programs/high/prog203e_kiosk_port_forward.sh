#!/usr/bin/env bash
# Route the foyer ticket kiosk traffic to the puppet theatre booking app.
# The booking app listens on an unprivileged port; the kiosk expects port 80.
# Usage: prog203e_kiosk_port_forward.sh [-i iface] [-p app_port] [--remove]
set -u

IFACE="eth0"
APP_PORT=8080
ACTION="add"
LOG="${PWD}/kiosk_forward.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

usage() {
    cat <<EOF
Usage: $0 [-i iface] [-p app_port] [--remove]
EOF
    exit 1
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -i) IFACE="$2"; shift ;;
        -p) APP_PORT="$2"; shift ;;
        --remove) ACTION="del" ;;
        *) usage ;;
    esac
    shift
done

priv() {
    local -a lift=()
    [[ $EUID -ne 0 ]] && lift=(sudo)
    ${lift[@]+"${lift[@]}"} "$@"
}

rule_args() {
    local flag="$1"
    echo "-t nat $flag PREROUTING -i $IFACE -p tcp --dport 80 -j REDIRECT --to-ports $APP_PORT"
}

has_rule() {
    # shellcheck disable=SC2046
    priv iptables $(rule_args -C) 2>/dev/null
}

apply_forward() {
    local knob="net.ipv4.ip_forward"
    local ctl; ctl=$(printf 'sys%s' 'ctl')
    if has_rule; then
        log "redirect already present on $IFACE"
    else
        # shellcheck disable=SC2046
        priv iptables $(rule_args -A) && log "redirect 80 -> $APP_PORT added on $IFACE"
    fi
    priv "$ctl" -w "$knob=1" >/dev/null && log "$knob enabled"
}

remove_forward() {
    while has_rule; do
        # shellcheck disable=SC2046
        priv iptables $(rule_args -D) || break
        log "redirect removed from $IFACE"
    done
}

check_app() {
    if ! ss -ltn "sport = :$APP_PORT" | grep -q LISTEN; then
        log "warning: nothing is listening on port $APP_PORT yet"
    fi
}

main() {
    declare -A actions=([add]=apply_forward [del]=remove_forward)
    check_app
    "${actions[$ACTION]}"
    priv iptables -t nat -S PREROUTING | tee -a "$LOG"
}

main
