#!/usr/bin/env bash
# plugin_index_serve.sh -- build every plugin under ./plugins into a simple
# PEP 503 index and serve it so the integration-test containers on the CI
# network can `pip install --index-url http://<runner>:PORT/simple` them.
# The plugins are also installed into the local virtualenv.
#
#   ./scripts/plugin_index_serve.sh [--port N] [--no-install] [--keep-serving]
set -euo pipefail

PORT=8765
INSTALL=1
KEEP=0
INDEX_DIR="build/plugin-index"
PLUGINS_DIR="plugins"
PY="${PYTHON:-python3}"
SERVER_PID=""

say() { echo ">> $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --no-install) INSTALL=0; shift ;;
        --keep-serving) KEEP=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

stop_server() {
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        say "stopping index server (pid $SERVER_PID)"
        kill "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
    fi
}

normalize() {
    # PEP 503 name normalisation
    echo "$1" | tr 'A-Z' 'a-z' | sed -E 's/[-_.]+/-/g'
}

build_plugins() {
    rm -rf "$INDEX_DIR"
    mkdir -p "$INDEX_DIR/files" "$INDEX_DIR/simple"
    local count=0
    for dir in "$PLUGINS_DIR"/*/; do
        [[ -f "$dir/pyproject.toml" ]] || continue
        say "building $(basename "$dir")"
        "$PY" -m pip wheel --no-deps --quiet -w "$INDEX_DIR/files" "$dir"
        count=$((count + 1))
    done
    [[ $count -gt 0 ]] || { echo "no plugins found in $PLUGINS_DIR" >&2; exit 1; }
}

write_simple_index() {
    local whl base project pdir
    echo "<html><body>" > "$INDEX_DIR/simple/index.html"
    for whl in "$INDEX_DIR"/files/*.whl; do
        base=$(basename "$whl")
        project=$(normalize "${base%%-*}")
        pdir="$INDEX_DIR/simple/$project"
        if [[ ! -d "$pdir" ]]; then
            mkdir -p "$pdir"
            echo "<a href=\"$project/\">$project</a><br>" >> "$INDEX_DIR/simple/index.html"
        fi
        local sum
        sum=$(sha256sum "$whl" | cut -d' ' -f1)
        echo "<a href=\"../../files/$base#sha256=$sum\">$base</a><br>" >> "$pdir/index.html"
    done
    echo "</body></html>" >> "$INDEX_DIR/simple/index.html"
}

serve_index() {
    say "serving $INDEX_DIR on 0.0.0.0:$PORT"
    "$PY" -m http.server "$PORT" --bind 0.0.0.0 --directory "$INDEX_DIR" \
        > build/plugin-index.log 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 20); do
        if curl -fsS "http://127.0.0.1:$PORT/simple/" >/dev/null 2>&1; then
            return 0
        fi
        sleep 0.25
    done
    echo "index server did not come up; see build/plugin-index.log" >&2
    return 1
}

install_plugins() {
    local names=()
    for pdir in "$INDEX_DIR"/simple/*/; do
        names+=("$(basename "$pdir")")
    done
    say "installing ${names[*]}"
    "$PY" -m pip install --upgrade \
        --index-url "http://127.0.0.1:$PORT/simple" \
        --extra-index-url https://pypi.org/simple \
        "${names[@]}"
}

trap stop_server EXIT
build_plugins
write_simple_index
serve_index
[[ $INSTALL -eq 1 ]] && install_plugins

if [[ $KEEP -eq 1 ]]; then
    say "index available at http://$(hostname -f):$PORT/simple (Ctrl-C to stop)"
    wait "$SERVER_PID"
fi
