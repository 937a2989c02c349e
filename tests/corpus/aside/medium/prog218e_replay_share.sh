#!/usr/bin/env bash
# replay_share.sh -- share the match replays folder with the observer and
# caster machines over plain HTTP for the duration of the event.
# Generates an index page with a small Python helper first.
#
# Usage: replay_share.sh start|stop|status [-d dir] [-p port]
set -uo pipefail

ACTION="${1:-status}"
shift || true
REPLAY_DIR="./replays"
PORT=8080
PID_FILE="/tmp/arena_replay_share.pid"
LOG_FILE="/tmp/arena_replay_share.log"

log() { echo "[replay-share $(date +%T)] $*" >&2; }

while getopts ":d:p:h" opt; do
    case "$opt" in
        d) REPLAY_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        *) echo "usage: $0 start|stop|status [-d dir] [-p port]" >&2; exit 2 ;;
    esac
done

running_pid() {
    [ -f "$PID_FILE" ] || return 1
    local pid
    pid="$(cat "$PID_FILE")"
    kill -0 "$pid" 2>/dev/null && echo "$pid"
}

build_index() {
    SHARE_DIR="$REPLAY_DIR" SHARE_TITLE="Arena replays" python3 - <<'PY'
import html
import os
import time

root = os.environ["SHARE_DIR"]
title = os.environ["SHARE_TITLE"]
rows = []
for name in sorted(os.listdir(root)):
    if name == "index.html" or name.startswith("."):
        continue
    path = os.path.join(root, name)
    if not os.path.isfile(path):
        continue
    st = os.stat(path)
    rows.append("<tr><td><a href='{0}'>{0}</a></td><td>{1:.1f} MB</td><td>{2}</td></tr>"
                .format(html.escape(name), st.st_size / 1e6,
                        time.strftime("%H:%M", time.localtime(st.st_mtime))))
with open(os.path.join(root, "index.html"), "w") as fh:
    fh.write("<html><head><title>%s</title></head><body><h1>%s</h1>"
             "<table>%s</table></body></html>" % (title, title, "".join(rows)))
print(len(rows))
PY
}

start() {
    if pid="$(running_pid)"; then
        log "already serving (pid ${pid})"
        return 0
    fi
    [ -d "$REPLAY_DIR" ] || { log "replay dir ${REPLAY_DIR} missing"; return 1; }
    local n
    n="$(build_index)" || { log "index build failed"; return 1; }
    log "indexed ${n} replays"
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 \
        --directory "$REPLAY_DIR" >> "$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    sleep 1
    if running_pid >/dev/null; then
        log "serving ${REPLAY_DIR} on 0.0.0.0:${PORT} (log ${LOG_FILE})"
    else
        log "server failed to start, see ${LOG_FILE}"
        return 1
    fi
}

stop() {
    local pid
    if pid="$(running_pid)"; then
        kill "$pid" && log "stopped pid ${pid}"
    else
        log "not running"
    fi
    rm -f "$PID_FILE"
}

status() {
    if pid="$(running_pid)"; then
        log "running as pid ${pid} on port ${PORT}"
        tail -n 5 "$LOG_FILE" 2>/dev/null
    else
        log "not running"
    fi
}

case "$ACTION" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) echo "unknown action ${ACTION}" >&2; exit 2 ;;
esac
