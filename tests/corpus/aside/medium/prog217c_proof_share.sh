#!/usr/bin/env bash
# proof_share.sh - share today's soft proofs with the sales desk for a while.
# Collects the proof PDFs into a share folder, writes a tiny Python web
# server to a temp file and runs it on all interfaces until the timeout.
set -uo pipefail

PROOF_ROOT="${PROOF_ROOT:-/srv/prepress/proofs}"
SHARE_DIR="${SHARE_DIR:-./proof_share}"
PORT="${PORT:-8088}"
BIND="${BIND:-0.0.0.0}"
MINUTES="${MINUTES:-60}"
DAY="$(date +%F)"

log() { echo "$(date '+%T') [proof-share] $*" >&2; }

usage() {
    echo "Usage: $0 [-p port] [-m minutes] [-d YYYY-MM-DD] [-s share_dir]" >&2
    exit 2
}

while getopts "p:m:d:s:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        m) MINUTES="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        s) SHARE_DIR="$OPTARG" ;;
        *) usage ;;
    esac
done

collect_proofs() {
    local src="$PROOF_ROOT/$DAY" n=0 f
    if [[ ! -d "$src" ]]; then
        log "no proofs for $DAY in $PROOF_ROOT"
        return 1
    fi
    mkdir -p "$SHARE_DIR"
    for f in "$src"/*.pdf; do
        [[ -e "$f" ]] || continue
        cp -u "$f" "$SHARE_DIR/"
        n=$((n + 1))
    done
    log "$n proof(s) copied to $SHARE_DIR"
    (( n > 0 ))
}

write_server() {
    local path
    path="$(mktemp --suffix=.py)"
    cat > "$path" <<'PYEOF'
import functools
import http.server
import os
import sys

directory = os.environ["SHARE_DIR"]
port = int(os.environ["PORT"])
bind = os.environ["BIND"]
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=directory)
with http.server.ThreadingHTTPServer((bind, port), handler) as httpd:
    print(f"serving {directory} on {bind}:{port}", file=sys.stderr)
    httpd.serve_forever()
PYEOF
    echo "$path"
}

main() {
    collect_proofs || exit 1
    server="" pid=""
    server="$(write_server)"
    trap 'rm -f "$server"; [[ -n "${pid:-}" ]] && kill "$pid" 2>/dev/null' EXIT
    SHARE_DIR="$SHARE_DIR" PORT="$PORT" BIND="$BIND" python3 "$server" &
    pid=$!
    sleep 1
    if ! kill -0 "$pid" 2>/dev/null; then
        log "server failed to start on port $PORT"
        exit 1
    fi
    log "sharing for $MINUTES minute(s): http://$(hostname -f):$PORT/"
    sleep "$((MINUTES * 60))"
    log "share window closed"
}

main
