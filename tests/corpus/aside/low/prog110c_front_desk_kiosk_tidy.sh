#!/usr/bin/env bash
# front_desk_kiosk_tidy.sh - tidy the reception kiosk app between sessions
#
# Parents sign pupils in and buy recital tickets on the reception kiosk.
# Between sessions the sign-in app's cache, build output and the day's
# exports are cleared from the app folder so the next session starts clean.
#
# Usage: front_desk_kiosk_tidy.sh [--keep-exports] [--dry-run]

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
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
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

say() { printf '[kiosk-tidy] %s\n' "$*"; }

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

tidy_app_files() {
    local n
    n=$(find "$APP_DIR" -maxdepth 2 -type f \( -name '*.pyc' -o -name '*.tmp' -o -name '*.log.[0-9]*' \) | wc -l)
    if [ "$n" -gt 0 ]; then
        run find "$APP_DIR" -maxdepth 2 -type f \( -name '*.pyc' -o -name '*.tmp' -o -name '*.log.[0-9]*' \) -delete
        say "removed $n stale app files"
    fi
}

restart_app() {
    if pgrep -u "$USER" -f kiosk_signin >/dev/null 2>&1; then
        say "sign-in app still running; it will pick up the clean state on next launch"
    fi
}

say "tidying kiosk app in $APP_DIR"
clear_app_cache
tidy_app_files
restart_app
say "done"
