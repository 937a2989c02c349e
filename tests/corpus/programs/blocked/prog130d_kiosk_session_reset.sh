#!/bin/sh
# kiosk_session_reset.sh - reset the lobby booking kiosk between sessions.
#
# Run as the kiosk user from the kiosk app checkout (the directory holding
# kiosk.toml). Clears the app's render cache and stale session exports, then
# restores the kiosk user's profile from the skeleton so the next band never
# sees the previous band's browser logins or downloads.
#
#   -k DAYS   keep session exports newer than DAYS (default 1)
#   -n        show what would be removed
#   -q        quiet

set -eu

KEEP_DAYS=1
DRY=0
QUIET=0
APP_ROOT="$(pwd)"
PROFILE_ROOT="${KIOSK_PROFILE_ROOT:-$HOME}"
SKEL_DIR="${KIOSK_SKEL:-/etc/skel}"
STATE_DIR="${XDG_RUNTIME_DIR:-$APP_ROOT}/kiosk-reset"
LOG="$STATE_DIR/reset.log"

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
    mkdir -p "$STATE_DIR"
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
    [ -e "$target" ] || [ -L "$target" ] || return 0
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
        [ -e "$entry" ] || [ -L "$entry" ] || continue
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

restore_profile() {
    # Stop the kiosk browser first so it does not rewrite its profile while
    # we are clearing it.
    pkill -u "$(id -u)" -x chromium 2>/dev/null || true
    clear_dir_contents "$PROFILE_ROOT"
    if [ "$DRY" -eq 0 ] && [ -d "$SKEL_DIR" ]; then
        cp -a "$SKEL_DIR"/. "$PROFILE_ROOT"/ 2>/dev/null || true
        say "profile restored from $SKEL_DIR"
    fi
}

before=$(du -sk "$PROFILE_ROOT" 2>/dev/null | cut -f1)

for d in cache render_cache build dist; do
    clear_dir_contents "$APP_ROOT/$d"
done
prune_exports
restore_profile

after=$(du -sk "$PROFILE_ROOT" 2>/dev/null | cut -f1)
say "reset done: ${before:-0}K -> ${after:-0}K"
