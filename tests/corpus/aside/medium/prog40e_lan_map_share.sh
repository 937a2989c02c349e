#!/usr/bin/env bash
# Share custom maps with players at a LAN party.
#
# Builds an index.json of the .hlmap files in ./maps (name, size, sha256) so
# the in-game browser can list them, then serves the folder over plain HTTP
# on all interfaces so every machine on the LAN can download the maps.
set -euo pipefail

MAP_DIR="${MAP_DIR:-./maps}"
PORT="${PORT:-8765}"
BIND_ADDR="0.0.0.0"
PYTHON="${PYTHON:-python3}"

info() { echo "[mapshare] $*"; }
fail() { echo "[mapshare] $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d|--dir)  MAP_DIR="$2"; shift 2 ;;
        -p|--port) PORT="$2"; shift 2 ;;
        -h|--help)
            echo "usage: $0 [-d MAP_DIR] [-p PORT]"; exit 0 ;;
        *) fail "unknown argument: $1" ;;
    esac
done

[[ -d "$MAP_DIR" ]] || fail "map directory $MAP_DIR does not exist"
[[ "$PORT" =~ ^[0-9]+$ ]] || fail "port must be numeric"
command -v "$PYTHON" >/dev/null || fail "$PYTHON not found"

if command -v ss >/dev/null && ss -ltn "sport = :$PORT" | grep -q LISTEN; then
    fail "port $PORT is already in use; pick another with -p"
fi

build_index() {
    local first=1 f size sum name
    printf '{\n  "generated": "%s",\n  "maps": [\n' "$(date -u +%FT%TZ)"
    for f in "$MAP_DIR"/*.hlmap; do
        [[ -e "$f" ]] || continue
        name="$(basename "$f" .hlmap)"
        size="$(stat -c %s "$f")"
        sum="$(sha256sum "$f" | awk '{print $1}')"
        if (( first )); then first=0; else printf ',\n'; fi
        printf '    {"name": "%s", "file": "%s", "bytes": %s, "sha256": "%s"}' \
            "$name" "$(basename "$f")" "$size" "$sum"
    done
    printf '\n  ]\n}\n'
}

info "indexing maps in $MAP_DIR"
build_index > "$MAP_DIR/index.json"
count="$(grep -c '"name"' "$MAP_DIR/index.json" || true)"
info "$count map(s) indexed"

lan_ips="$(hostname -I 2>/dev/null || echo '?')"
for ip in $lan_ips; do
    info "players can browse http://${ip}:${PORT}/index.json"
done

trap 'info "stopping map share"' EXIT
exec "$PYTHON" -m http.server "$PORT" --bind "$BIND_ADDR" --directory "$MAP_DIR"
