#!/usr/bin/env bash
# Restore a nightly reporting dump into a throw-away sandbox database on
# the local PostgreSQL cluster so analysts can test migrations against
# production-shaped data.
#
# The sandbox database is (re)created as the postgres superuser; the
# restore itself also runs as postgres because the dump contains
# extensions that require superuser to create.
#
#   ./pg_restore_sandbox.sh [--date YYYYMMDD] [--db reporting_sandbox] [--owner analyst]
set -euo pipefail

BACKUP_ROOT="./backups"
SANDBOX_DB="reporting_sandbox"
OWNER="${USER}"
DATE=""
JOBS=4

log() { echo "$(date '+%T') restore: $*"; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --date) DATE="$2"; shift 2 ;;
        --db) SANDBOX_DB="$2"; shift 2 ;;
        --owner) OWNER="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        *) die "unknown argument $1" ;;
    esac
done

[[ "$SANDBOX_DB" =~ ^[a-z_][a-z0-9_]*$ ]] || die "invalid database name: $SANDBOX_DB"
[[ "$SANDBOX_DB" == *sandbox* ]] || die "refusing to drop a database not named *sandbox*"

if [[ -z "$DATE" ]]; then
    DATE="$(ls -1 "$BACKUP_ROOT" | grep -E '^[0-9]{8}$' | sort | tail -n 1 || true)"
fi
SRC="$BACKUP_ROOT/$DATE"
[[ -d "$SRC" ]] || die "no backup directory $SRC"

log "verifying checksums in $SRC"
( cd "$SRC" && sha256sum --quiet -c SHA256SUMS ) || die "checksum mismatch"

pg_as_postgres() {
    sudo -u postgres -- "$@"
}

log "recreating database $SANDBOX_DB owned by $OWNER"
pg_as_postgres psql -v ON_ERROR_STOP=1 -d postgres <<SQL
SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${SANDBOX_DB}';
DROP DATABASE IF EXISTS ${SANDBOX_DB};
CREATE DATABASE ${SANDBOX_DB} OWNER ${OWNER};
SQL

# postgres needs to read the dump files; hand them over via a readable copy
STAGE_DIR="$(pwd)/.restore_stage"
rm -rf "$STAGE_DIR"
mkdir -p "$STAGE_DIR"
cp "$SRC"/*.dump "$STAGE_DIR"/
chmod 0755 "$STAGE_DIR"
chmod 0644 "$STAGE_DIR"/*.dump

restored=0
for dump in "$STAGE_DIR"/*.dump; do
    log "restoring $(basename "$dump")"
    if pg_as_postgres pg_restore --jobs="$JOBS" --no-owner --role="$OWNER" \
            --dbname="$SANDBOX_DB" "$dump"; then
        restored=$((restored + 1))
    else
        log "warning: pg_restore reported errors for $(basename "$dump")"
    fi
done

log "analyzing $SANDBOX_DB"
pg_as_postgres vacuumdb --analyze-only --jobs="$JOBS" "$SANDBOX_DB"

rm -rf "$STAGE_DIR"
log "restored $restored dump(s) from $DATE into $SANDBOX_DB"
