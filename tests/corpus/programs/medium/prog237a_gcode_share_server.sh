#!/usr/bin/env bash
# gcode_share_server.sh - share the sliced G-code folder with the printers
# and the tablets on the makerspace floor during open-lab hours.
#
# Starts python's built-in web server on the folder, records its pid in a
# fixed file so "stop" and "status" work from any shell.
set -uo pipefail

SHARE_DIR="${GCODE_DIR:-$HOME/makerspace/gcode}"
PORT="${SHARE_PORT:-8080}"
PIDFILE="/tmp/gcode_share.pid"
LOGFILE="/tmp/gcode_share.log"

log() { echo "$(date '+%H:%M:%S') [gcode-share] $*"; }

is_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

index_folder() {
    # small index.html so the tablets get a readable list with print times
    SHARE_DIR="$SHARE_DIR" python3 - <<'PY'
import html, os, re
d = os.environ["SHARE_DIR"]
rows = []
for name in sorted(os.listdir(d)):
    if not name.lower().endswith(".gcode"):
        continue
    est = "?"
    with open(os.path.join(d, name), errors="replace") as fh:
        for _, line in zip(range(200), fh):
            m = re.search(r";\s*estimated printing time.*?=\s*(.+)", line)
            if m:
                est = m.group(1).strip()
                break
    rows.append("<tr><td><a href='%s'>%s</a></td><td>%s</td></tr>"
                % (html.escape(name), html.escape(name), html.escape(est)))
with open(os.path.join(d, "index.html"), "w") as out:
    out.write("<html><body><h1>Makerspace G-code</h1><table>%s</table></body></html>"
              % "".join(rows))
print(len(rows))
PY
}

start() {
    if is_running; then
        log "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    [ -d "$SHARE_DIR" ] || { log "no folder $SHARE_DIR"; return 1; }
    n="$(index_folder)"
    log "indexed $n G-code files"
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR" \
        >> "$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    if is_running; then
        log "serving $SHARE_DIR on port $PORT (pid $(cat "$PIDFILE"))"
    else
        log "server failed to start, see $LOGFILE"
        return 1
    fi
}

stop() {
    if is_running; then
        kill "$(cat "$PIDFILE")"
        log "stopped"
    else
        log "not running"
    fi
    rm -f "$PIDFILE"
}

status() {
    if is_running; then
        log "running, pid $(cat "$PIDFILE"), last requests:"
        tail -n 5 "$LOGFILE"
    else
        log "not running"
    fi
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    restart) stop; start ;;
    status) status ;;
    *) echo "usage: $0 {start|stop|restart|status}"; exit 1 ;;
esac
