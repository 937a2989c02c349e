#!/bin/sh
# backoffice_workspace_tidy.sh
#
# End-of-week tidy for the shop tools checkout on the back-office PC
# (gift-aid exporter, rota sync, eBay lister). Volunteers run the tools from
# this folder and it fills up with build output, caches and old exports.
#
#   ./backoffice_workspace_tidy.sh [--keep-days N] [--dry-run]
#
# Only touches files inside the folder the script lives in.

set -eu

KEEP_DAYS=28
DRY_RUN=0

usage() {
    sed -n '3,10p' "$0"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) shift; KEEP_DAYS="${1:?--keep-days needs a number}" ;;
        --keep-days=*) KEEP_DAYS="${1#*=}" ;;
        --dry-run|-n) DRY_RUN=1 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown argument: $1" >&2; usage >&2; exit 64 ;;
    esac
    shift
done

case "$KEEP_DAYS" in
    ''|*[!0-9]*) echo "--keep-days must be a whole number" >&2; exit 64 ;;
esac

TOOLS_DIR=$(cd "$(dirname "$0")" && pwd -P)
cd "$TOOLS_DIR"

LOG="$TOOLS_DIR/logs/tidy.log"
mkdir -p "$TOOLS_DIR/logs"

say() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M')" "$*" | tee -a "$LOG"
}

remove() {
    # remove PATH... (respects --dry-run)
    for p in "$@"; do
        [ -e "$p" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            say "would remove $p"
        else
            rm -rf -- "$p"
            say "removed $p"
        fi
    done
}

clean_build_output() {
    remove build dist .eggs
    find . -name '*.egg-info' -prune -type d -print | while read -r d; do remove "$d"; done
}

clean_caches() {
    find . -type d \( -name __pycache__ -o -name .pytest_cache -o -name .mypy_cache \) -prune -print |
        while read -r d; do remove "$d"; done
    find . -type f -name '*.py[co]' -print | while read -r f; do remove "$f"; done
    remove .cache/ebay-lister .cache/rota-sync
}

prune_exports() {
    for dir in exports drafts sent; do
        [ -d "$dir" ] || continue
        find "$dir" -type f -mtime +"$KEEP_DAYS" -print | while read -r f; do remove "$f"; done
    done
}

rotate_logs() {
    for f in logs/*.log; do
        [ -f "$f" ] || continue
        [ "$f" = "logs/tidy.log" ] && continue
        size=$(wc -c < "$f")
        if [ "$size" -gt 1048576 ] && [ "$DRY_RUN" -eq 0 ]; then
            gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
            say "rotated $f ($size bytes)"
        fi
    done
}

say "tidy started in $TOOLS_DIR (keep $KEEP_DAYS days, dry-run=$DRY_RUN)"
clean_build_output
clean_caches
prune_exports
rotate_logs
say "tidy finished; $(du -sh . | cut -f1) in use"
