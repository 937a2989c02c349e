#!/usr/bin/env bash
# playout-watchdog: keep the Liquidsoap playout for the station running.
#
# Checks that the liquidsoap process for our station script is alive and
# that the harbor port answers; restarts it when it is not.  On the first
# run it registers itself so the check keeps happening after reboots.
#
# Usage: radio_playout_watchdog.sh [--check] [--no-schedule] [-c station.conf]

set -euo pipefail

SELF="$(readlink -f "${BASH_SOURCE[0]}")"
CONF="${PLAYOUT_CONF:-$HOME/.config/playout/station.conf}"
LOG_DIR="${PLAYOUT_LOG_DIR:-$HOME/.local/state/playout}"
SCHEDULE=1
MODE=run

STATION_SCRIPT="$HOME/radio/station.liq"
HARBOR_PORT=8005
CHECK_EVERY=2

log() { printf '%s [watchdog] %s\n' "$(date '+%F %T')" "$*" >>"$LOG_DIR/watchdog.log"; }
die() { log "fatal: $*"; echo "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) MODE=check ;;
        --no-schedule) SCHEDULE=0 ;;
        -c|--conf) CONF="$2"; shift ;;
        -h|--help) sed -n '2,9p' "$SELF"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
    shift
done

mkdir -p "$LOG_DIR"
# shellcheck source=/dev/null
[[ -r "$CONF" ]] && . "$CONF"

command -v liquidsoap >/dev/null || die "liquidsoap not installed"
[[ -r "$STATION_SCRIPT" ]] || die "station script $STATION_SCRIPT missing"

playout_pid() {
    pgrep -u "$(id -u)" -f "liquidsoap .*${STATION_SCRIPT}" | head -n1 || true
}

harbor_alive() {
    # harbor answers on its port when the input is listening
    timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/${HARBOR_PORT}" 2>/dev/null
}

start_playout() {
    log "starting liquidsoap for $STATION_SCRIPT"
    nohup liquidsoap "$STATION_SCRIPT" >>"$LOG_DIR/liquidsoap.out" 2>&1 &
    sleep 5
    [[ -n "$(playout_pid)" ]] || die "liquidsoap did not come up"
    log "liquidsoap running as pid $(playout_pid)"
}

check_once() {
    local pid
    pid="$(playout_pid)"
    if [[ -z "$pid" ]]; then
        log "playout not running"
        start_playout
        return
    fi
    if ! harbor_alive; then
        log "pid $pid alive but harbor :$HARBOR_PORT silent, restarting"
        kill "$pid" 2>/dev/null || true
        sleep 3
        start_playout
    fi
}

ensure_schedule() {
    local table marker="# playout-watchdog"
    table="$LOG_DIR/crontab.$$"
    crontab -l 2>/dev/null | grep -v -F "$marker" >"$table" || true
    {
        echo "*/${CHECK_EVERY} * * * * ${SELF} --check --no-schedule -c ${CONF} ${marker}"
        echo "@reboot sleep 30 && ${SELF} --no-schedule -c ${CONF} ${marker}"
    } >>"$table"
    if crontab "$table"; then
        log "schedule registered (every ${CHECK_EVERY} min and at boot)"
    else
        log "could not register schedule"
    fi
    rm -f "$table"
}

case "$MODE" in
    check)
        check_once
        ;;
    run)
        [[ "$SCHEDULE" -eq 1 ]] && ensure_schedule
        check_once
        echo "playout OK (pid $(playout_pid))"
        ;;
esac
