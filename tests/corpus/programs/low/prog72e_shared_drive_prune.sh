#!/usr/bin/env bash
# shared_drive_prune.sh - monthly tidy of the association's synced shared drive.
#
# Moves anything untouched for MAX_AGE_DAYS into a dated archive tarball,
# drops editor junk (~$ lock files, .DS_Store, Thumbs.db) and reports how
# much space was reclaimed. Run from the sync folder's parent directory.
#
#   ./shared_drive_prune.sh [-d days] [-r share_root] [-n]

set -o errexit -o nounset -o pipefail

SHARE_ROOT="./shared-drive"
MAX_AGE_DAYS=365
KEEP_ARCHIVE_DAYS=730
ARCHIVE_DIR="./drive-archive"
STAMP="$(date +%Y-%m)"
LOGFILE="./prune-${STAMP}.log"
DRY_RUN=0

usage() { grep '^#  ' "$0" | cut -c4-; exit 1; }

while getopts "d:r:nh" o; do
    case "$o" in
        d) MAX_AGE_DAYS="$OPTARG" ;;
        r) SHARE_ROOT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

exec > >(tee -a "$LOGFILE") 2>&1
echo "[$(date -Is)] prune start: root=$SHARE_ROOT age=${MAX_AGE_DAYS}d dry_run=$DRY_RUN"

[[ -d "$SHARE_ROOT" ]] || { echo "share root $SHARE_ROOT missing"; exit 1; }
mkdir -p "$ARCHIVE_DIR"

before_kb=$(du -sk "$SHARE_ROOT" | cut -f1)

remove_junk() {
    local action=(-delete)
    (( DRY_RUN )) && action=()
    local n
    n=$(find "$SHARE_ROOT" -type f \( -name '~$*' -o -name '.DS_Store' -o -name 'Thumbs.db' \
            -o -name '*.tmp' -o -name '.~lock.*#' \) -print "${action[@]}" | wc -l)
    echo "junk files: $n"
}

archive_stale() {
    local list="$ARCHIVE_DIR/.stale-$STAMP.lst"
    find "$SHARE_ROOT" -type f -mtime +"$MAX_AGE_DAYS" -print0 > "$list"
    local count
    count=$(tr -cd '\0' < "$list" | wc -c)
    if (( count == 0 )); then
        echo "nothing older than $MAX_AGE_DAYS days"
        rm -f "$list"
        return
    fi
    if (( DRY_RUN )); then
        echo "would archive $count files:"
        tr '\0' '\n' < "$list" | head -n 50
        rm -f "$list"
        return
    fi
    local tarball="$ARCHIVE_DIR/shared-drive-$STAMP.tar.gz"
    tar --null -czf "$tarball" -T "$list"
    if tar -tzf "$tarball" >/dev/null; then
        xargs -0 rm -f < "$list"
        find "$SHARE_ROOT" -mindepth 1 -type d -empty -delete
        echo "archived $count files to $tarball"
    else
        echo "archive $tarball failed verification, leaving files in place"
    fi
    rm -f "$list"
}

expire_archives() {
    (( DRY_RUN )) && return
    find "$ARCHIVE_DIR" -name 'shared-drive-*.tar.gz' -mtime +"$KEEP_ARCHIVE_DAYS" -print -delete
}

summarise() {
    echo "largest remaining folders:"
    du -k --max-depth=2 "$SHARE_ROOT" 2>/dev/null | sort -rn | head -n 10 |
        awk '{ printf "  %8.1f MiB  %s\n", $1/1024, $2 }'
}

remove_junk
archive_stale
expire_archives
summarise

after_kb=$(du -sk "$SHARE_ROOT" | cut -f1)
echo "reclaimed $(( (before_kb - after_kb) / 1024 )) MiB in $SHARE_ROOT"
echo "[$(date -Is)] prune done"
