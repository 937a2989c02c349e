#!/usr/bin/env bash
# Start the home battery charge scheduler in the background.
#
# Creates a virtualenv next to this script, writes a default schedule config
# if none exists and launches battsched with nohup.  Use "stop" or "status"
# as the first argument to manage a running instance.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="${BATTSCHED_VENV:-$HERE/.venv}"
CONF="${BATTSCHED_CONF:-$HERE/battsched.ini}"
RUNDIR="/tmp/battsched"
PIDFILE="$RUNDIR/battsched.pid"
LOGFILE="$RUNDIR/battsched.log"

log() { printf '%s [battsched] %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    cat <<EOF
usage: $(basename "$0") [start|stop|status|restart] [--min-soc N] [--max-soc N]
EOF
    exit 2
}

ACTION="${1:-start}"
[[ $# -gt 0 ]] && shift
MIN_SOC=20
MAX_SOC=95
while [[ $# -gt 0 ]]; do
    case "$1" in
        --min-soc) MIN_SOC="$2"; shift 2 ;;
        --max-soc) MAX_SOC="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) log "unknown option $1"; usage ;;
    esac
done

ensure_venv() {
    if [[ ! -x "$VENV/bin/python" ]]; then
        log "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install --quiet --upgrade pip
        "$VENV/bin/pip" install --quiet -r "$HERE/requirements.txt"
    fi
}

write_default_conf() {
    [[ -f "$CONF" ]] && return 0
    log "writing default config to $CONF"
    cat >"$CONF" <<EOF
[battery]
min_soc = $MIN_SOC
max_soc = $MAX_SOC
capacity_kwh = 13.5
max_charge_kw = 5.0

[tariff]
cheap_window = 00:30-04:30
source = octopus-agile

[inverter]
host = 192.168.1.50
port = 502
EOF
}

is_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

do_start() {
    if is_running; then
        log "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    ensure_venv
    write_default_conf
    mkdir -p "$RUNDIR"
    nohup "$VENV/bin/python" -m battsched --config "$CONF" >>"$LOGFILE" 2>&1 &
    echo $! >"$PIDFILE"
    sleep 1
    if is_running; then
        log "started, pid $(cat "$PIDFILE"), log $LOGFILE"
    else
        log "failed to start, see $LOGFILE"
        tail -n 20 "$LOGFILE" >&2 || true
        return 1
    fi
}

do_stop() {
    if ! is_running; then
        log "not running"
        rm -f "$PIDFILE"
        return 0
    fi
    kill "$(cat "$PIDFILE")"
    for _ in 1 2 3 4 5; do
        is_running || break
        sleep 1
    done
    rm -f "$PIDFILE"
    log "stopped"
}

case "$ACTION" in
    start) do_start ;;
    stop) do_stop ;;
    restart) do_stop; do_start ;;
    status)
        if is_running; then log "running (pid $(cat "$PIDFILE"))"; else log "stopped"; exit 3; fi ;;
    *) usage ;;
esac
