#!/bin/sh
# Unpack the base64-encoded UI fixture bundle that QA attaches to tickets and
# serve it so designers on the office network can click through it.
#
# Usage: fixture_preview_server.sh BUNDLE.b64 [PORT]
set -eu

BUNDLE="${1:-}"
PORT="${2:-8088}"
WORK=/tmp/ui-fixture-preview
ARCHIVE=/tmp/ui-fixture-preview.tar.gz
PIDFILE=/tmp/ui-fixture-preview.pid

say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }

stop_previous() {
    if [ -f "$PIDFILE" ]; then
        old=$(cat "$PIDFILE")
        if kill -0 "$old" 2>/dev/null; then
            say "stopping previous preview (pid $old)"
            kill "$old" || true
        fi
        rm -f "$PIDFILE"
    fi
}

decode_bundle() {
    # Tickets sometimes wrap the text at 76 columns or add CRLF; normalise.
    tr -d '\r\n ' < "$BUNDLE" | base64 -d > "$ARCHIVE" || {
        say "bundle is not valid base64"; exit 1; }
    if ! gzip -t "$ARCHIVE" 2>/dev/null; then
        say "decoded data is not a gzip archive"; exit 1
    fi
}

unpack() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$ARCHIVE" -C "$WORK"
    count=$(find "$WORK" -type f | wc -l)
    say "unpacked $count files into $WORK"
    if [ ! -f "$WORK/index.html" ]; then
        first=$(find "$WORK" -name index.html | head -n 1)
        if [ -n "$first" ]; then
            WORK=$(dirname "$first")
            say "using $WORK as document root"
        fi
    fi
}

[ -n "$BUNDLE" ] || { echo "usage: $0 BUNDLE.b64 [PORT]" >&2; exit 2; }
[ -r "$BUNDLE" ] || { echo "cannot read $BUNDLE" >&2; exit 2; }
case "$PORT" in
    ''|*[!0-9]*) echo "port must be numeric" >&2; exit 2 ;;
esac

stop_previous
decode_bundle
unpack

addr=$(hostname -I 2>/dev/null | awk '{print $1}')
say "serving on http://${addr:-0.0.0.0}:$PORT/ (Ctrl-C to stop)"
cd "$WORK"
python3 -m http.server "$PORT" --bind 0.0.0.0 &
echo $! > "$PIDFILE"
wait
