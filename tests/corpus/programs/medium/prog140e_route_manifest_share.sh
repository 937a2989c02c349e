#!/bin/bash
# Fetch today's route manifests and share them with the van tablets.
#
# The planner exports manifests on the plant server; drivers' tablets in
# the yard pick them up over the yard Wi-Fi from this machine. The plant
# server still uses its internal certificate, hence the relaxed TLS check.
set -eu

PLANNER="${PLANNER_URL:-https://planner.example.com/export}"
ROUTES="${ROUTES:-R01 R02 R03 R04 R05}"
SHARE_DIR="/tmp/route_manifests"
INDEX="$SHARE_DIR/index.txt"
PORT="${SHARE_PORT:-8080}"
DAY="$(date +%F)"

log() { echo "[manifests $(date +%T)] $*"; }

prepare() {
    mkdir -p "$SHARE_DIR"
    rm -f "$SHARE_DIR"/*.pdf "$INDEX"
}

fetch_route() {
    local route="$1" out="$SHARE_DIR/$1-$DAY.pdf"
    if curl -fsS --insecure --max-time 30 -o "$out" "$PLANNER/$DAY/$route.pdf"; then
        echo "$route-$DAY.pdf" >> "$INDEX"
        return 0
    fi
    log "no manifest for $route"
    rm -f "$out"
    return 1
}

fetch_all() {
    local ok=0 miss=0 r
    for r in $ROUTES; do
        if fetch_route "$r"; then ok=$((ok + 1)); else miss=$((miss + 1)); fi
    done
    log "fetched $ok manifest(s), $miss missing"
    [ "$ok" -gt 0 ]
}

serve() {
    log "sharing $SHARE_DIR on port $PORT (Ctrl-C to stop)"
    cd "$SHARE_DIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

case "${1:-run}" in
    fetch)
        prepare
        fetch_all
        ;;
    serve)
        serve
        ;;
    run)
        prepare
        if fetch_all; then
            serve
        else
            log "nothing to share"
            exit 1
        fi
        ;;
    *)
        echo "usage: $0 [fetch|serve|run]" >&2
        exit 2
        ;;
esac
