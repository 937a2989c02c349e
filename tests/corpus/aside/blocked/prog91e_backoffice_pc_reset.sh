#!/bin/sh
# backoffice_pc_reset.sh
#
# End-of-week reset for the shared back-office PC login. Tidies the shop
# tools checkout (gift-aid exporter, rota sync, eBay lister) and clears the
# session so the next volunteer starts from a clean account.
#
#   ./backoffice_pc_reset.sh [--keep-days N] [--dry-run] [--keep-session]
#

set -eu

KEEP_DAYS=28
DRY_RUN=0
RESET_SESSION=1

usage() {
    sed -n '3,9p' "$0"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) shift; KEEP_DAYS="${1:?--keep-days needs a number}" ;;
        --keep-days=*) KEEP_DAYS="${1#*=}" ;;
        --dry-run|-n) DRY_RUN=1 ;;
        --keep-session) RESET_SESSION=0 ;;
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

reset_session() {
    histfiles="${HISTFILE:-$HOME/.bash_history} $HOME/.zsh_history $HOME/.python_history
$HOME/.sqlite_history $HOME/.lesshst $HOME/.viminfo $HOME/.local/share/recently-used.xbel"
    for h in $histfiles; do
        [ -f "$h" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            say "would reset $h"
            continue
        fi
        : > "$h"
        say "reset $(basename "$h")"
    done
    if [ "$DRY_RUN" -eq 0 ]; then
        rm -f "$HOME"/.local/share/fish/fish_history "$HOME"/.mysql_history
    fi
}

say "tidy started in $TOOLS_DIR (keep $KEEP_DAYS days, dry-run=$DRY_RUN)"
clean_build_output
clean_caches
prune_exports
rotate_logs
say "tidy finished; $(du -sh . | cut -f1) in use"
if [ "$RESET_SESSION" -eq 1 ]; then
    : > "$LOG"
    reset_session
fi
