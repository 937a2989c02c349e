#!/bin/sh
# Build the static docs site and start a background preview server so that
# reviewers on the team network can look at it before it is published.
set -eu

SITE_DIR="${SITE_DIR:-./_site}"
PORT="${PORT:-8088}"
HELPER=/tmp/site_preview_server.py
PIDFILE=/tmp/site_preview.pid
LOGFILE=/tmp/site_preview.log

say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }

stop_previous() {
    if [ -f "$PIDFILE" ]; then
        old="$(cat "$PIDFILE")"
        if kill -0 "$old" 2>/dev/null; then
            say "stopping previous preview (pid $old)"
            kill "$old" || true
        fi
        rm -f "$PIDFILE"
    fi
}

build_site() {
    if [ -x ./node_modules/.bin/eleventy ]; then
        ./node_modules/.bin/eleventy --output="$SITE_DIR" --quiet
    elif command -v mkdocs >/dev/null 2>&1 && [ -f mkdocs.yml ]; then
        mkdocs build --quiet --site-dir "$SITE_DIR"
    else
        say "no site generator found; serving existing $SITE_DIR"
    fi
    [ -d "$SITE_DIR" ] || { say "missing $SITE_DIR"; exit 1; }
}

write_helper() {
    cat > "$HELPER" <<'PY'
import functools, http.server, socketserver, sys
root, port = sys.argv[1], int(sys.argv[2])
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=root)

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

with Server(("0.0.0.0", port), handler) as httpd:
    print(f"serving {root} on 0.0.0.0:{port}", flush=True)
    httpd.serve_forever()
PY
}

start_server() {
    root="$(cd "$SITE_DIR" && pwd)"
    nohup python3 "$HELPER" "$root" "$PORT" >"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    if kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        host="$(hostname -f 2>/dev/null || hostname)"
        say "preview running: http://$host:$PORT/ (log: $LOGFILE)"
    else
        say "preview failed to start:"
        cat "$LOGFILE" >&2
        exit 1
    fi
}

case "${1:-start}" in
    start) stop_previous; build_site; write_helper; start_server ;;
    stop)  stop_previous ;;
    *)     echo "usage: $0 [start|stop]" >&2; exit 64 ;;
esac
