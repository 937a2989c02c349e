#!/bin/sh
# kiosk_cache_cleanup.sh - tidy the lobby booking kiosk app between sessions.
#
# Run from the kiosk app checkout (the directory holding kiosk.toml). Clears
# the app's render cache, build output and stale session exports so the next
# band starts with a clean booking screen. Keeps config and the offline
# booking queue.
#
#   -k DAYS   keep session exports newer than DAYS (default 1)
#   -n        show what would be removed
#   -q        quiet

set -eu

KEEP_DAYS=1
DRY=0
QUIET=0
APP_ROOT="$(pwd)"
STAMP_FILE="$APP_ROOT/.last_cleanup"
LOG="$APP_ROOT/logs/cleanup.log"

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
    mkdir -p "$(dirname "$LOG")"
    printf '%s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$*" >>"$LOG"
}

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts "k:nqh" opt; do
    case "$opt" in
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY=1 ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[ -f "$APP_ROOT/kiosk.toml" ] || { echo "run this from the kiosk app directory" >&2; exit 1; }

remove_path() {
    target="$1"
    [ -e "$target" ] || return 0
    if [ "$DRY" -eq 1 ]; then
        say "would remove $target"
    else
        rm -rf -- "$target"
        say "removed $target"
    fi
}

clear_dir_contents() {
    dir="$1"
    [ -d "$dir" ] || return 0
    for entry in "$dir"/* "$dir"/.[!.]*; do
        [ -e "$entry" ] || continue
        case "$(basename "$entry")" in
            .gitkeep|queue.db) continue ;;
        esac
        remove_path "$entry"
    done
}

prune_exports() {
    exports="$APP_ROOT/exports"
    [ -d "$exports" ] || return 0
    find "$exports" -type f -name 'session_*.json' -mtime +"$KEEP_DAYS" | while read -r f; do
        remove_path "$f"
    done
}

before=$(du -sk "$APP_ROOT" 2>/dev/null | cut -f1)

for d in cache render_cache build dist .pytest_cache; do
    clear_dir_contents "$APP_ROOT/$d"
done
find "$APP_ROOT" -path "$APP_ROOT/.git" -prune -o -type d -name '__pycache__' -print | while read -r pc; do
    remove_path "$pc"
done
prune_exports

after=$(du -sk "$APP_ROOT" 2>/dev/null | cut -f1)
[ "$DRY" -eq 1 ] || date '+%s' >"$STAMP_FILE"
say "cleanup done: ${before:-0}K -> ${after:-0}K"
