#!/usr/bin/env bash
# herd_db_container_backup.sh - nightly dump of the herd records database
# that runs in the "herdbook-db" Postgres container on the farm office box.
#
# Talks to the Docker Engine API directly (the office box only has the
# engine, not the docker CLI), runs pg_dump inside the container and copies
# the dump out into ./backups.
#
#   herd_db_container_backup.sh [container] [keep_days]
set -euo pipefail

CONTAINER="${1:-herdbook-db}"
KEEP_DAYS="${2:-21}"
DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
DB_NAME="${HERDBOOK_DB:-herdbook}"
DB_USER="${HERDBOOK_DB_USER:-herdbook}"
OUT_DIR="./backups"
STAMP="$(date +%Y%m%d_%H%M)"
DUMP_IN="/tmp/herdbook_${STAMP}.dump"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*"; exit 1; }

dapi() {   # method path [json-body]
    local method=$1 path=$2 body=${3:-}
    if [[ -n $body ]]; then
        curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$method" \
             -H 'Content-Type: application/json' -d "$body" "$API$path"
    else
        curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$method" "$API$path"
    fi
}

[[ -S $DOCKER_SOCK ]] || die "docker socket $DOCKER_SOCK not found"
command -v jq >/dev/null || die "jq is required"
mkdir -p "$OUT_DIR"

state=$(dapi GET "/containers/$CONTAINER/json" | jq -r '.State.Status') \
    || die "container $CONTAINER not found"
[[ $state == running ]] || die "container $CONTAINER is $state"

run_in_container() {   # cmd as JSON array
    local exec_id rc
    exec_id=$(dapi POST "/containers/$CONTAINER/exec" \
        "{\"AttachStdout\":true,\"AttachStderr\":true,\"User\":\"postgres\",\"Cmd\":$1}" | jq -r .Id)
    dapi POST "/exec/$exec_id/start" '{"Detach":false,"Tty":false}' > /dev/null
    for _ in $(seq 1 600); do
        rc=$(dapi GET "/exec/$exec_id/json" | jq -r 'if .Running then "" else .ExitCode end')
        [[ -n $rc ]] && return "$rc"
        sleep 1
    done
    return 124
}

log "dumping $DB_NAME from $CONTAINER"
run_in_container "[\"pg_dump\",\"-U\",\"$DB_USER\",\"-Fc\",\"-f\",\"$DUMP_IN\",\"$DB_NAME\"]" \
    || die "pg_dump failed"

log "copying dump out of the container"
dapi GET "/containers/$CONTAINER/archive?path=$DUMP_IN" \
    | tar -x -O -f - > "$OUT_DIR/herdbook_${STAMP}.dump" \
    || die "copy failed"
run_in_container "[\"rm\",\"-f\",\"$DUMP_IN\"]" || log "could not remove $DUMP_IN in container"

size=$(stat -c %s "$OUT_DIR/herdbook_${STAMP}.dump")
(( size > 1024 )) || die "dump suspiciously small ($size bytes)"
sha256sum "$OUT_DIR/herdbook_${STAMP}.dump" > "$OUT_DIR/herdbook_${STAMP}.dump.sha256"
log "backup ok: $OUT_DIR/herdbook_${STAMP}.dump ($size bytes)"

find "$OUT_DIR" -name 'herdbook_*.dump*' -mtime +"$KEEP_DAYS" -print -delete | sed 's/^/pruned /'
