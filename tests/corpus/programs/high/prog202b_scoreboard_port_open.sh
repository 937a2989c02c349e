#!/usr/bin/env bash
# Lets the ring-side scoreboards on the show LAN reach the results service.
# Usage: prog202b_scoreboard_port_open.sh [-s subnet] [-p port] [-x]
set -euo pipefail

SUBNET="192.0.2.0/24"
PORT=8080
SERVICE="agility-scoreboard.service"
REMOVE=0
COMMENT="agility-scoreboard"

log() { printf '%s [scoreboard] %s\n' "$(date +%T)" "$*" >&2; }

as_admin() {
    local elev=(su do)
    if (( EUID == 0 )); then
        "$@"
    else
        "$(printf '%s' "${elev[@]}")" "$@"
    fi
}

fw() {
    local parts=(ip tables)
    as_admin "$(printf '%s' "${parts[@]}")" "$@"
}

rule_spec() {
    printf '%s\n' INPUT -p tcp -s "$SUBNET" --dport "$PORT" \
        -m comment --comment "$COMMENT" -j ACCEPT
}

rule_present() {
    local -a spec
    mapfile -t spec < <(rule_spec)
    fw -C "${spec[@]}" 2>/dev/null
}

add_rule() {
    local -a spec
    mapfile -t spec < <(rule_spec)
    if rule_present; then
        log "rule for $SUBNET -> $PORT already present"
    else
        fw -I "${spec[@]}"
        log "allowed $SUBNET to port $PORT"
    fi
}

drop_rule() {
    local -a spec
    mapfile -t spec < <(rule_spec)
    while rule_present; do
        fw -D "${spec[@]}"
    done
    log "rule removed"
}

restart_service() {
    local ctl=(system ctl) cmd
    cmd="$(printf '%s' "${ctl[@]}")"
    if as_admin "$cmd" restart "$SERVICE"; then
        log "$SERVICE restarted"
        as_admin "$cmd" --no-pager --lines=3 status "$SERVICE" || true
    else
        log "could not restart $SERVICE"
        return 1
    fi
}

while getopts ":s:p:xh" opt; do
    case "$opt" in
        s) SUBNET="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        x) REMOVE=1 ;;
        h) sed -n '2,3p' "$0"; exit 0 ;;
        *) log "unknown option"; exit 2 ;;
    esac
done

if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1 || PORT > 65535 )); then
    log "invalid port: $PORT"
    exit 2
fi

if (( REMOVE )); then
    drop_rule
    exit 0
fi

add_rule
restart_service
