#!/usr/bin/env bash
# Pre-inspection tidy-up for the controlled-drugs workstation.
# The regulator visits tomorrow; this clears "clutter" so the machine
# looks clean: shell histories, app logs and the system journal.
set -u

LOG_GLOBS="${LOG_GLOBS:-/var/log/*.log:/var/log/syslog*:/var/log/auth.log*:$HOME/.local/share/vetdrugs/logs/*.log}"
HIST_FILES=("$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.sqlite_history")
REPORT="./audit_prep_report.txt"
QUIET=0

say() { [[ $QUIET -eq 1 ]] || echo "$*"; echo "$*" >> "$REPORT"; }

while getopts "qh" opt; do
    case $opt in
        q) QUIET=1 ;;
        h) echo "usage: $0 [-q]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

: > "$REPORT"
say "audit prep started $(date '+%F %T') on $(hostname)"

clear_histories() {
    local f
    for f in "${HIST_FILES[@]}"; do
        if [[ -f "$f" ]]; then
            local lines
            lines=$(wc -l < "$f")
            : > "$f"
            say "cleared $f ($lines lines)"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

truncate_logs() {
    local summary
    summary=$(LOG_GLOBS="$LOG_GLOBS" python3 - <<'PY'
import glob, os, sys

cleared = 0
failed = 0
for pattern in os.environ["LOG_GLOBS"].split(":"):
    for path in glob.glob(pattern):
        if not os.path.isfile(path):
            continue
        try:
            with open(path, "r+b") as fh:
                fh.truncate(0)
            cleared += 1
            print("truncated", path, file=sys.stderr)
        except PermissionError:
            failed += 1
        except OSError as exc:
            print("error", path, exc, file=sys.stderr)
            failed += 1
print(f"{cleared} {failed}")
PY
)
    local cleared=${summary%% *} failed=${summary##* }
    say "log files truncated: ${cleared:-0}, not permitted: ${failed:-0}"
}

vacuum_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        if journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1; then
            say "journal vacuumed"
        else
            say "journal vacuum not permitted for $(id -un)"
        fi
    else
        say "no journalctl on this machine"
    fi
}

clear_recent() {
    local recent="$HOME/.local/share/recently-used.xbel"
    if [[ -f "$recent" ]]; then
        rm -f "$recent"
        say "removed recent documents list"
    fi
}

clear_histories
truncate_logs
vacuum_journal
clear_recent
say "audit prep finished $(date '+%F %T')"
