#!/usr/bin/env bash
# Snapshot the raft data of a local Vault container into ./snapshots.
# Talks to the Docker Engine API directly (no docker CLI on the build hosts).
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
CONTAINER="${VAULT_CONTAINER:-vault-dev}"
VOLUME="${VAULT_VOLUME:-vault_raft}"
HELPER_IMAGE="${HELPER_IMAGE:-alpine:3.19}"
OUT_DIR="./snapshots"
KEEP="${KEEP:-7}"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*"; }

dapi() {
    local method="$1" path="$2"; shift 2
    curl -fsS --unix-socket "$SOCK" -X "$method" -H 'Content-Type: application/json' "$@" "$API$path"
}

[ -S "$SOCK" ] || { echo "docker socket $SOCK not found" >&2; exit 1; }
mkdir -p "$OUT_DIR"

state=$(dapi GET "/containers/$CONTAINER/json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["State"]["Status"])')
log "container $CONTAINER is $state"

was_running=0
if [ "$state" = "running" ]; then
    was_running=1
    log "pausing $CONTAINER for a consistent copy"
    dapi POST "/containers/$CONTAINER/pause" >/dev/null
fi
trap '[ "$was_running" -eq 1 ] && dapi POST "/containers/$CONTAINER/unpause" >/dev/null || true' EXIT

stamp=$(date -u +%Y%m%dT%H%M%SZ)
name="vault-snap-$stamp"
body=$(cat <<JSON
{
  "Image": "$HELPER_IMAGE",
  "Cmd": ["tar", "-C", "/data", "-czf", "/out/$name.tgz", "."],
  "HostConfig": {
    "Privileged": true,
    "AutoRemove": false,
    "Binds": ["$VOLUME:/data:ro", "$(pwd)/snapshots:/out"]
  }
}
JSON
)

cid=$(dapi POST "/containers/create?name=$name" -d "$body" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Id"])')
dapi POST "/containers/$cid/start" >/dev/null
code=$(dapi POST "/containers/$cid/wait" | python3 -c 'import json,sys; print(json.load(sys.stdin)["StatusCode"])')
dapi DELETE "/containers/$cid?force=true" >/dev/null

if [ "$code" -ne 0 ]; then
    log "snapshot container exited with $code"
    exit 1
fi
log "wrote $OUT_DIR/$name.tgz ($(du -h "$OUT_DIR/$name.tgz" | cut -f1))"

# rotate old snapshots
ls -1t "$OUT_DIR"/vault-snap-*.tgz 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
    log "pruning $old"
    rm -f -- "$old"
done
