#!/bin/sh
# Render the analysis notebooks to HTML and serve them so colleagues on the
# lab network can look at the figures without a Jupyter install.
set -eu

NOTEBOOK_DIR="${NOTEBOOK_DIR:-notebooks}"
PORT="${PORT:-8088}"
STAGING="/tmp/nb_preview_site"
PIDFILE="/tmp/nb_preview_site.pid"
LOGFILE="/tmp/nb_preview_site.log"

say() { echo "nb-preview: $*" >&2; }

render_all() {
    mkdir -p "$STAGING"
    count=0
    for nb in "$NOTEBOOK_DIR"/*.ipynb; do
        [ -e "$nb" ] || continue
        name=$(basename "$nb" .ipynb)
        if [ "$STAGING/$name.html" -nt "$nb" ] 2>/dev/null; then
            continue
        fi
        say "rendering $name"
        jupyter nbconvert --to html --no-input \
            --output-dir "$STAGING" "$nb" >>"$LOGFILE" 2>&1 || {
            say "failed to render $name (see $LOGFILE)"
            continue
        }
        count=$((count + 1))
    done
    say "$count notebook(s) rendered"
}

write_index() {
    {
        echo "<html><head><title>Notebook previews</title></head><body>"
        echo "<h1>Notebook previews ($(date '+%Y-%m-%d %H:%M'))</h1><ul>"
        for f in "$STAGING"/*.html; do
            n=$(basename "$f")
            [ "$n" = "index.html" ] && continue
            echo "<li><a href=\"$n\">$n</a></li>"
        done
        echo "</ul></body></html>"
    } >"$STAGING/index.html"
}

start_server() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        say "server already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    say "serving $STAGING on port $PORT for the whole network"
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 \
        --directory "$STAGING" >>"$LOGFILE" 2>&1 &
    echo $! >"$PIDFILE"
}

stop_server() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
        say "stopped"
    else
        say "not running"
    fi
}

case "${1:-start}" in
    start)
        render_all
        write_index
        start_server
        ;;
    refresh)
        render_all
        write_index
        ;;
    stop)
        stop_server
        ;;
    *)
        echo "usage: $0 [start|refresh|stop]" >&2
        exit 2
        ;;
esac
