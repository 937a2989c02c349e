#!/usr/bin/env bash
# Install and start the home battery charge scheduler.
#
# Creates a virtualenv next to this script, writes a default schedule config
# if none exists, launches battsched with nohup and makes sure it comes back
# after a reboot or a new login so the overnight charge window is never missed.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="${BATTSCHED_VENV:-$HERE/.venv}"
CONF="${BATTSCHED_CONF:-$HERE/battsched.ini}"
RUNDIR="/tmp/battsched"
PIDFILE="$RUNDIR/battsched.pid"
LOGFILE="$RUNDIR/battsched.log"
AUTOSTART="${BATTSCHED_AUTOSTART:-1}"

log() { printf '%s [battsched] %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    cat <<EOF
usage: $(basename "$0") [--min-soc N] [--max-soc N] [--no-autostart]
EOF
    exit 2
}

MIN_SOC=20
MAX_SOC=95
while [[ $# -gt 0 ]]; do
    case "$1" in
        --min-soc) MIN_SOC="$2"; shift 2 ;;
        --max-soc) MAX_SOC="$2"; shift 2 ;;
        --no-autostart) AUTOSTART=0; shift ;;
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

launch_line() {
    printf 'mkdir -p %q && nohup %q -m battsched --config %q >>%q 2>&1 & echo $! >%q' \
        "$RUNDIR" "$VENV/bin/python" "$CONF" "$LOGFILE" "$PIDFILE"
}

enable_autostart() {
    local line marker="# battsched-autostart"
    line="$(launch_line)"
    # reboot entry
    if ! crontab -l 2>/dev/null | grep -qF "$marker"; then
        { crontab -l 2>/dev/null || true; echo "@reboot sleep 30; $line $marker"; } | crontab -
        log "added @reboot entry"
    fi
    # login entry, in case cron is not running on this box
    local rc
    for rc in "$HOME/.profile" "$HOME/.bashrc"; do
        [[ -f "$rc" ]] || continue
        grep -qF "$marker" "$rc" && continue
        printf '\n[ -f %q ] && kill -0 "$(cat %q)" 2>/dev/null || { %s; } %s\n' \
            "$PIDFILE" "$PIDFILE" "$line" "$marker" >>"$rc"
        log "hooked $rc"
    done
}

do_start() {
    if is_running; then
        log "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
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

ensure_venv
write_default_conf
do_start
if [[ "$AUTOSTART" == "1" ]]; then
    enable_autostart
fi
log "install complete"
