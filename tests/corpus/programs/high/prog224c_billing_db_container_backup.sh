#!/usr/bin/env bash
# billing_db_container_backup.sh - dump the billing Postgres database that
# runs in a container on the depot server into ./backups.
#
# Talks to the Docker Engine API over its unix socket to find the container,
# lets an embedded Python helper pick it from the JSON (piped in), and runs
# pg_dump inside it through an exec.
set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
NAME_HINT="${NAME_HINT:-billing-postgres}"
DB_NAME="${DB_NAME:-billing}"
DB_USER="${DB_USER:-billing_ro}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-7}"

log() { echo "$(date +%FT%T) [db-backup] $*" >&2; }

while getopts "n:d:u:k:" opt; do
    case "$opt" in
        n) NAME_HINT="$OPTARG" ;;
        d) DB_NAME="$OPTARG" ;;
        u) DB_USER="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        *) echo "usage: $0 [-n name_hint] [-d db] [-u user] [-k keep]" >&2; exit 1 ;;
    esac
done

[ -S "$DOCKER_SOCK" ] || { log "docker socket $DOCKER_SOCK not found"; exit 1; }

api() {
    curl -fsS --unix-socket "$DOCKER_SOCK" "http://localhost/v1.43$1"
}

CONTAINER_ID="$(api "/containers/json" | NAME_HINT="$NAME_HINT" python3 -c '
import json, os, sys
hint = os.environ["NAME_HINT"]
for c in json.load(sys.stdin):
    names = [n.lstrip("/") for n in c.get("Names", [])]
    if any(hint in n for n in names) and c.get("State") == "running":
        print(c["Id"][:12])
        break
else:
    sys.exit(1)
')" || { log "no running container matching $NAME_HINT"; exit 1; }

log "using container $CONTAINER_ID"
mkdir -p "$BACKUP_DIR"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$BACKUP_DIR/${DB_NAME}-${STAMP}.sql.gz"

if ! docker -H "unix://$DOCKER_SOCK" exec "$CONTAINER_ID" \
        pg_dump -U "$DB_USER" --no-owner --format=plain "$DB_NAME" | gzip -9 > "$OUT"; then
    log "pg_dump failed"
    rm -f "$OUT"
    exit 2
fi
chmod 0600 "$OUT"

SIZE="$(stat -c %s "$OUT")"
if [ "$SIZE" -lt 1024 ]; then
    log "dump suspiciously small ($SIZE bytes), keeping it but flagging"
fi
log "wrote $OUT ($SIZE bytes)"

ls -1t "$BACKUP_DIR"/"${DB_NAME}"-*.sql.gz 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
    log "pruning $old"
    rm -f -- "$old"
done

api "/containers/$CONTAINER_ID/json" | python3 -c '
import json, sys
c = json.load(sys.stdin)
print("container", c["Name"].lstrip("/"), "image", c["Config"]["Image"], "started", c["State"]["StartedAt"])
' >&2
log "backup complete"
