#!/bin/bash
# Nightly backup of the records working folders into dated archives.
# Originals are never touched; only archives older than the retention
# window in the backup folder are pruned.

set -euo pipefail

SOURCE_DIRS=("records" "finding_aids" "accession_logs")
BACKUP_DIR="${BACKUP_DIR:-./backups}"
RETENTION_DAYS="${RETENTION_DAYS:-21}"
STAMP="$(date +%Y%m%d-%H%M)"
ARCHIVE="${BACKUP_DIR}/records-${STAMP}.tar.gz"
LOG="${BACKUP_DIR}/backup.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

usage() {
    echo "Usage: $0 [-r retention_days] [-n]"
    echo "  -n   list what would be archived and exit"
    exit 1
}

LIST_ONLY=0
while getopts "r:nh" opt; do
    case "$opt" in
        r) RETENTION_DAYS="$OPTARG" ;;
        n) LIST_ONLY=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$BACKUP_DIR"

existing_sources() {
    for dir in "${SOURCE_DIRS[@]}"; do
        if [ -d "$dir" ]; then
            echo "$dir"
        else
            log "skipping missing folder: $dir" >&2
        fi
    done
}

make_archive() {
    mapfile -t sources < <(existing_sources)
    if [ "${#sources[@]}" -eq 0 ]; then
        log "nothing to back up"
        exit 0
    fi
    if [ "$LIST_ONLY" -eq 1 ]; then
        for s in "${sources[@]}"; do
            echo "$s: $(find "$s" -type f | wc -l) files"
        done
        exit 0
    fi
    log "archiving ${sources[*]} -> $ARCHIVE"
    tar -czf "$ARCHIVE" "${sources[@]}"
    chmod 600 "$ARCHIVE"
}

verify_archive() {
    if tar -tzf "$ARCHIVE" >/dev/null; then
        count=$(tar -tzf "$ARCHIVE" | grep -vc '/$' || true)
        sha256sum "$ARCHIVE" >"${ARCHIVE}.sha256"
        log "verified $ARCHIVE ($count files)"
    else
        log "archive verification FAILED: $ARCHIVE"
        exit 1
    fi
}

prune_old() {
    log "pruning archives older than ${RETENTION_DAYS} days"
    find "$BACKUP_DIR" -maxdepth 1 -type f \
        \( -name 'records-*.tar.gz' -o -name 'records-*.tar.gz.sha256' \) \
        -mtime +"$RETENTION_DAYS" -print -delete | while read -r old; do
            log "removed $old"
        done
}

report() {
    total=$(du -sh "$BACKUP_DIR" | cut -f1)
    kept=$(find "$BACKUP_DIR" -maxdepth 1 -name 'records-*.tar.gz' | wc -l)
    log "backup folder holds $kept archives, $total total"
}

make_archive
verify_archive
prune_old
report
