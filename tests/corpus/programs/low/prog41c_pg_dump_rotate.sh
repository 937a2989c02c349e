#!/usr/bin/env bash
# Nightly logical dump of one database into ./backups with rotation.
# Dumps are written directly inside the project's backup directory,
# checksummed, made private to the owner, and old dumps are pruned.
set -euo pipefail

DB_NAME="${DB_NAME:-appdb}"
DB_HOST="${DB_HOST:-localhost}"
DB_PORT="${DB_PORT:-5432}"
DB_USER="${DB_USER:-app_backup}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP_DAYS="${KEEP_DAYS:-14}"
JOBS="${JOBS:-2}"
VERBOSE=0

usage() {
    cat <<EOF
usage: $(basename "$0") [-d dbname] [-k keep_days] [-j jobs] [-v]
  Writes a directory-format dump to ${BACKUP_DIR}/<db>-<timestamp>/
EOF
}

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2
}

while getopts "d:k:j:vh" opt; do
    case "$opt" in
        d) DB_NAME="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        j) JOBS="$OPTARG" ;;
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

dump_database() {
    local stamp target
    stamp="$(date +%Y%m%dT%H%M%S)"
    target="${BACKUP_DIR}/${DB_NAME}-${stamp}"
    log INFO "dumping ${DB_NAME}@${DB_HOST}:${DB_PORT} -> ${target}"
    pg_dump --host="$DB_HOST" --port="$DB_PORT" --username="$DB_USER" \
        --format=directory --jobs="$JOBS" --no-password \
        --file="$target" "$DB_NAME"
    echo "$target"
}

write_checksums() {
    local dir="$1"
    ( cd "$dir" && find . -type f ! -name SHA256SUMS -print0 | sort -z \
        | xargs -0 sha256sum > SHA256SUMS )
    chmod 600 "$dir"/*
    chmod 700 "$dir"
    [ "$VERBOSE" -eq 1 ] && log DEBUG "checksums: $(wc -l < "$dir/SHA256SUMS") files"
    return 0
}

prune_old() {
    local removed=0
    while IFS= read -r -d '' old; do
        log INFO "pruning $old"
        rm -rf -- "$old"
        removed=$((removed + 1))
    done < <(find "$BACKUP_DIR" -mindepth 1 -maxdepth 1 -type d \
                 -name "${DB_NAME}-*" -mtime +"$KEEP_DAYS" -print0)
    log INFO "pruned ${removed} dump(s) older than ${KEEP_DAYS} days"
}

main() {
    require pg_dump sha256sum find
    mkdir -p "$BACKUP_DIR"
    chmod 700 "$BACKUP_DIR"
    local dumpdir
    if ! dumpdir="$(dump_database)"; then
        log ERROR "pg_dump failed for ${DB_NAME}"
        exit 1
    fi
    write_checksums "$dumpdir"
    prune_old
    log INFO "done: $(du -sh "$dumpdir" | cut -f1) in ${dumpdir}"
}

main "$@"
