#!/usr/bin/env bash
# Tunes TCP keepalive and restarts the modem manager on vehicle routers.
#
# CAD sessions over LTE die silently when the carrier NAT drops idle flows
# after ~5 minutes. Shorter keepalives keep the mapping alive. After a
# change the modem manager is restarted so the bearer is re-established.
# Must be run as root on the router (it is started from the root console).

set -u

PROG="${0##*/}"
LOG_FILE="${LOG_FILE:-$PWD/modem-tune.log}"
MODEM_UNIT="${MODEM_UNIT:-ModemManager}"
PROFILE="${PROFILE:-lte}"
RESTART=1

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() { echo "usage: $PROG [-p lte|satellite] [--no-restart]"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -p) PROFILE="$2"; shift ;;
        --no-restart) RESTART=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
    shift
done

# key -> value, per profile
declare -A LTE=(
    [net.ipv4.tcp_keepalive_time]=120
    [net.ipv4.tcp_keepalive_intvl]=30
    [net.ipv4.tcp_keepalive_probes]=4
)
declare -A SATELLITE=(
    [net.ipv4.tcp_keepalive_time]=300
    [net.ipv4.tcp_keepalive_intvl]=60
    [net.ipv4.tcp_keepalive_probes]=6
)

proc_path() {
    local key="$1"
    printf '/proc/%s/%s' "sys" "${key//./\/}"
}

current_value() {
    local p
    p="$(proc_path "$1")"
    [ -r "$p" ] && cat "$p" || echo "?"
}

apply_key() {
    local key="$1" want="$2" have p
    have="$(current_value "$key")"
    if [ "$have" = "$want" ]; then
        log "$key already $want"
        return 1
    fi
    if command -v sysctl >/dev/null 2>&1; then
        sysctl -q -w "$key=$want"
    else
        p="$(proc_path "$key")"
        printf '%s\n' "$want" > "$p"
    fi
    log "$key: $have -> $want"
    return 0
}

apply_profile() {
    local -n table="$1"
    local key changed=0
    for key in "${!table[@]}"; do
        if apply_key "$key" "${table[$key]}"; then
            changed=$((changed + 1))
        fi
    done
    echo "$changed"
}

restart_modem() {
    if ! systemctl list-unit-files "$MODEM_UNIT.service" >/dev/null 2>&1; then
        log "no $MODEM_UNIT unit on this router"
        return 0
    fi
    systemctl restart "$MODEM_UNIT"
    sleep 5
    if systemctl is-active --quiet "$MODEM_UNIT"; then
        log "$MODEM_UNIT restarted"
    else
        log "$MODEM_UNIT failed to come back"
        return 1
    fi
}

main() {
    local changed
    if [ "$(id -u)" -ne 0 ]; then
        log "run this from the root console"
        exit 1
    fi
    case "$PROFILE" in
        lte) changed="$(apply_profile LTE)" ;;
        satellite) changed="$(apply_profile SATELLITE)" ;;
        *) log "unknown profile $PROFILE"; exit 64 ;;
    esac
    log "profile $PROFILE applied, $changed keys changed"
    if [ "$RESTART" -eq 1 ] && [ "$changed" -gt 0 ]; then
        restart_modem
    fi
}

main
