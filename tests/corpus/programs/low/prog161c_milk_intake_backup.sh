#!/bin/bash
# Back up the milk intake records (farm deliveries, fat/protein tests)
# into dated archives under ./backups. Originals are left untouched;
# only archives older than the retention window are pruned.

set -euo pipefail

SOURCE_DIR="${SOURCE_DIR:-./intake_records}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
STAMP="$(date +%Y%m%d_%H%M%S)"
VERIFY=1

usage() {
    cat <<USAGE
usage: $0 [-s source_dir] [-b backup_dir] [-k keep] [-n]
  -n   skip archive verification
USAGE
}

while getopts "s:b:k:nh" opt; do
    case "$opt" in
        s) SOURCE_DIR="$OPTARG" ;;
        b) BACKUP_DIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        n) VERIFY=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

log() { printf '%s backup: %s\n' "$(date '+%F %T')" "$*"; }

check_source() {
    if [ ! -d "$SOURCE_DIR" ]; then
        log "source $SOURCE_DIR does not exist"
        exit 1
    fi
    local n
    n=$(find "$SOURCE_DIR" -type f | wc -l)
    log "$n files in $SOURCE_DIR"
}

make_archive() {
    local archive="$BACKUP_DIR/intake_${STAMP}.tar.gz"
    mkdir -p "$BACKUP_DIR"
    tar -czf "$archive" -C "$(dirname "$SOURCE_DIR")" "$(basename "$SOURCE_DIR")"
    chmod 600 "$archive"
    sha256sum "$archive" > "$archive.sha256"
    echo "$archive"
}

verify_archive() {
    local archive="$1"
    sha256sum -c --quiet "$archive.sha256"
    local listed source_count
    listed=$(tar -tzf "$archive" | grep -vc '/$' || true)
    source_count=$(find "$SOURCE_DIR" -type f | wc -l)
    if [ "$listed" -ne "$source_count" ]; then
        log "archive lists $listed files, source has $source_count"
        return 1
    fi
    log "archive verified ($listed files)"
}

prune_old() {
    local old
    mapfile -t old < <(ls -1t "$BACKUP_DIR"/intake_*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        rm -f -- "$f" "$f.sha256"
        log "pruned $f"
    done
}

main() {
    check_source
    local archive
    archive="$(make_archive)"
    log "created $archive"
    if [ "$VERIFY" -eq 1 ]; then
        verify_archive "$archive" || { log "verification failed; keeping all archives"; exit 2; }
    fi
    prune_old
    log "done"
}

main
