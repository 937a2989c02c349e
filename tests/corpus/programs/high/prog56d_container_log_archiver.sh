#!/usr/bin/env bash
# Archive the last N hours of logs from every running container into
# ./log-archive, one gzip+base64 JSON record per container, so they can be
# attached to incident tickets as text.
#
# Talks to the Docker Engine API directly (no docker CLI on the bastion).
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
HOURS="${1:-6}"
OUT_DIR="log-archive/$(date +%Y%m%d-%H%M)"

log() { echo "[archiver] $*" >&2; }

api() {
    curl -fsS --unix-socket "$SOCK" "$API$1"
}

require() {
    for bin in curl jq gzip base64; do
        command -v "$bin" >/dev/null || { log "missing $bin"; exit 1; }
    done
    [ -S "$SOCK" ] || { log "no docker socket at $SOCK"; exit 1; }
}

# Engine logs use an 8-byte multiplexing header per frame; strip it.
demux() {
    python3 -c '
import sys, struct
data = sys.stdin.buffer.read()
i = 0
while i + 8 <= len(data):
    size = struct.unpack(">I", data[i+4:i+8])[0]
    sys.stdout.buffer.write(data[i+8:i+8+size])
    i += 8 + size
'
}

archive_container() {
    local id="$1" name="$2" since="$3"
    local raw encoded lines
    raw=$(mktemp)
    api "/containers/$id/logs?stdout=1&stderr=1&timestamps=1&since=$since" \
        | demux > "$raw"
    lines=$(wc -l < "$raw")
    encoded=$(gzip -9c < "$raw" | base64 -w0)
    jq -n --arg id "$id" --arg name "$name" --argjson lines "$lines" \
          --arg since "$since" --arg data "$encoded" \
          '{id:$id, name:$name, since:($since|tonumber), lines:$lines,
            encoding:"gzip+base64", data:$data}' \
        > "$OUT_DIR/${name#/}.json"
    rm -f "$raw"
    log "archived $name ($lines lines)"
}

main() {
    require
    mkdir -p "$OUT_DIR"
    local since
    since=$(( $(date +%s) - HOURS * 3600 ))

    api "/containers/json" | jq -r '.[] | "\(.Id) \(.Names[0])"' |
    while read -r id name; do
        archive_container "$id" "$name" "$since" || log "failed on $name"
    done

    api "/info" | jq '{ServerVersion, Containers, Images, KernelVersion}' \
        > "$OUT_DIR/engine-info.json"
    log "done: $(ls "$OUT_DIR" | wc -l) files in $OUT_DIR"
}

main "$@"
