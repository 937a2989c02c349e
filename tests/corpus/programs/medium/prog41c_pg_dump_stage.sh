#!/usr/bin/env bash
# Nightly logical dump of one database, staged and then moved into ./backups.
# The dump is first written to a scratch file so a failed run never leaves
# a half-written file in the backup directory.
set -euo pipefail

DB_NAME="${DB_NAME:-appdb}"
DB_HOST="${DB_HOST:-localhost}"
DB_PORT="${DB_PORT:-5432}"
DB_USER="${DB_USER:-app_backup}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP_DAYS="${KEEP_DAYS:-14}"
STAGE_FILE="/tmp/pgdump_${DB_NAME}.sql.gz"
VERBOSE=0

usage() {
    cat <<EOF
usage: $(basename "$0") [-d dbname] [-k keep_days] [-v]
  Dumps to ${STAGE_FILE}, verifies it, then moves it into ${BACKUP_DIR}/
EOF
}

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2
}

while getopts "d:k:vh" opt; do
    case "$opt" in
        d) DB_NAME="$OPTARG"; STAGE_FILE="/tmp/pgdump_${DB_NAME}.sql.gz" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

require() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || { log ERROR "missing $bin"; exit 69; }
    done
}

stage_dump() {
    log INFO "dumping ${DB_NAME}@${DB_HOST}:${DB_PORT} -> ${STAGE_FILE}"
    rm -f "$STAGE_FILE"
    pg_dump --host="$DB_HOST" --port="$DB_PORT" --username="$DB_USER" \
        --no-password --format=plain --no-owner "$DB_NAME" \
        | gzip -6 > "$STAGE_FILE"
}

verify_stage() {
    if ! gzip -t "$STAGE_FILE"; then
        log ERROR "corrupt staged dump ${STAGE_FILE}"
        return 1
    fi
    if ! zcat "$STAGE_FILE" | tail -n 5 | grep -q 'PostgreSQL database dump complete'; then
        log ERROR "dump ${STAGE_FILE} is truncated"
        return 1
    fi
    [ "$VERBOSE" -eq 1 ] && log DEBUG "staged size $(stat -c %s "$STAGE_FILE") bytes"
    return 0
}

publish() {
    local target="${BACKUP_DIR}/${DB_NAME}-$(date +%Y%m%dT%H%M%S).sql.gz"
    mv -- "$STAGE_FILE" "$target"
    chmod 600 "$target"
    sha256sum "$target" > "${target}.sha256"
    log INFO "published ${target}"
}

prune_old() {
    local n
    n=$(find "$BACKUP_DIR" -maxdepth 1 -type f -name "${DB_NAME}-*.sql.gz*" -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    log INFO "pruned ${n} file(s) older than ${KEEP_DAYS} days"
}

main() {
    require pg_dump gzip zcat sha256sum
    mkdir -p "$BACKUP_DIR"
    stage_dump || { log ERROR "pg_dump failed"; exit 1; }
    verify_stage || exit 1
    publish
    prune_old
}

main "$@"
