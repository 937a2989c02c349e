#!/bin/sh
# lan-wheelhouse.sh - build wheels for the monorepo packages and publish them
# as a PEP 503 "simple" index on the local network, so the lab machines can
#   pip install --index-url http://<this-host>:8765/simple/ <pkg>
# without waiting for the internal Artifactory sync.
set -eu

WHEELHOUSE="${WHEELHOUSE:-./wheelhouse}"
PORT="${PORT:-8765}"
PIDFILE=/tmp/lan-wheelhouse.pid
PACKAGES_FILE="${PACKAGES_FILE:-packages.txt}"
PYTHON="${PYTHON:-python3}"

say() { echo "lan-wheelhouse: $*"; }
die() { say "$*" >&2; exit 1; }

normalize() {
    # PEP 503 name normalisation
    echo "$1" | tr 'A-Z' 'a-z' | sed -e 's/[-_.][-_.]*/-/g'
}

stop_server() {
    if [ -f "$PIDFILE" ]; then
        pid=$(cat "$PIDFILE")
        if kill -0 "$pid" 2>/dev/null; then
            say "stopping server $pid"
            kill "$pid"
        fi
        rm -f "$PIDFILE"
    fi
}

build_wheels() {
    [ -f "$PACKAGES_FILE" ] || die "$PACKAGES_FILE not found"
    mkdir -p "$WHEELHOUSE/files"
    while read -r pkgdir; do
        case "$pkgdir" in ''|\#*) continue ;; esac
        [ -d "$pkgdir" ] || { say "skip missing $pkgdir"; continue; }
        say "building $pkgdir"
        "$PYTHON" -m pip wheel --no-deps --wheel-dir "$WHEELHOUSE/files" "$pkgdir" >/dev/null
    done < "$PACKAGES_FILE"
}

write_index() {
    simple="$WHEELHOUSE/simple"
    rm -rf "$simple"
    mkdir -p "$simple"
    {
        echo "<!DOCTYPE html><html><body>"
        for whl in "$WHEELHOUSE"/files/*.whl; do
            [ -e "$whl" ] || continue
            basename "$whl" | cut -d- -f1
        done | sort -u | while read -r raw; do
            name=$(normalize "$raw")
            mkdir -p "$simple/$name"
            {
                echo "<!DOCTYPE html><html><body>"
                for whl in "$WHEELHOUSE"/files/"$raw"-*.whl; do
                    f=$(basename "$whl")
                    sum=$(sha256sum "$whl" | cut -d' ' -f1)
                    echo "<a href=\"../../files/$f#sha256=$sum\">$f</a><br>"
                done
                echo "</body></html>"
            } > "$simple/$name/index.html"
            echo "<a href=\"$name/\">$name</a><br>"
        done
        echo "</body></html>"
    } > "$simple/index.html.tmp"
    mv "$simple/index.html.tmp" "$simple/index.html"
}

serve() {
    stop_server
    say "serving $WHEELHOUSE on 0.0.0.0:$PORT"
    nohup "$PYTHON" -m http.server "$PORT" --bind 0.0.0.0 --directory "$WHEELHOUSE" \
        > "$WHEELHOUSE/server.log" 2>&1 &
    echo $! > "$PIDFILE"
    say "pid $(cat "$PIDFILE"), log in $WHEELHOUSE/server.log"
}

case "${1:-all}" in
    build) build_wheels; write_index ;;
    index) write_index ;;
    serve) serve ;;
    stop) stop_server ;;
    all) build_wheels; write_index; serve ;;
    *) die "usage: $0 [build|index|serve|stop|all]" ;;
esac
