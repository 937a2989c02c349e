#!/usr/bin/env bash
# preview.sh - build the documentation site and serve it on the LAN so it can
# be checked from phones/tablets during review sessions.
#
#   ./preview.sh [-p port] [-b] [-o]
#     -p PORT   port to listen on (default 8088)
#     -b        skip the build, serve the existing ./site
#     -o        open the local URL in a browser after start

set -uo pipefail

PORT=8088
SKIP_BUILD=0
OPEN=0
SITE_DIR=site
BUILD_LOG=.preview-build.log
PY=${PYTHON:-python3}
SERVER_PID=""

note()  { echo "[preview] $*"; }
abort() { echo "[preview] $*" >&2; exit 1; }

stop_server() {
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        note "stopping server (pid ${SERVER_PID})"
        kill "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null
    fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM

while getopts "p:boh" o; do
    case $o in
        p) PORT=$OPTARG ;;
        b) SKIP_BUILD=1 ;;
        o) OPEN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

[[ $PORT =~ ^[0-9]+$ ]] && (( PORT > 1024 && PORT < 65536 )) || abort "bad port ${PORT}"

build_site() {
    if [[ -f mkdocs.yml ]]; then
        note "building with mkdocs"
        mkdocs build --clean --site-dir "$SITE_DIR" >"$BUILD_LOG" 2>&1
    elif [[ -f conf.py || -f docs/conf.py ]]; then
        note "building with sphinx"
        sphinx-build -q -b html docs "$SITE_DIR" >"$BUILD_LOG" 2>&1
    else
        abort "no mkdocs.yml or sphinx conf.py found"
    fi
}

lan_addresses() {
    # first non-loopback IPv4 address of each interface
    ip -4 -o addr show scope global 2>/dev/null | awk '{ split($4, a, "/"); print a[1] }'
}

if (( ! SKIP_BUILD )); then
    if ! build_site; then
        tail -n 20 "$BUILD_LOG" >&2
        abort "build failed, see ${BUILD_LOG}"
    fi
fi
[[ -f ${SITE_DIR}/index.html ]] || abort "${SITE_DIR}/index.html missing"

note "serving ./${SITE_DIR} on all interfaces, port ${PORT}"
"$PY" -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR" \
    > .preview-server.log 2>&1 &
SERVER_PID=$!
sleep 1
kill -0 "$SERVER_PID" 2>/dev/null || abort "server did not start: $(tail -n 3 .preview-server.log)"

note "open one of:"
printf '    http://localhost:%s/\n' "$PORT"
while read -r addr; do
    printf '    http://%s:%s/\n' "$addr" "$PORT"
done < <(lan_addresses)

if (( OPEN )); then
    for opener in xdg-open open; do
        command -v "$opener" >/dev/null && { "$opener" "http://localhost:${PORT}/" >/dev/null 2>&1; break; }
    done
fi

note "Ctrl-C to stop"
wait "$SERVER_PID"
