#!/usr/bin/env bash
# flight_log_rotate.sh - nightly tidy for the flying-display kiosk logs.
#
# Compresses yesterday's display-controller logs (PA cues, arena lights,
# bird call-outs), prunes archives past the retention window and writes a
# short summary of cue errors for the display manager.
#
#   flight_log_rotate.sh [-d LOGDIR] [-k DAYS] [-n]
#     -n   dry run: report what would happen

set -u

LOG_DIR="./logs"
KEEP_DAYS=30
DRY_RUN=0
SUMMARY="./logs/cue_errors_$(date -d yesterday +%F 2>/dev/null || date +%F).txt"

note() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -d) LOG_DIR="$2"; shift 2 ;;
        -k) KEEP_DAYS="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) note "unknown option $1"; exit 1 ;;
    esac
done

[ -d "$LOG_DIR" ] || { note "no log dir $LOG_DIR"; exit 0; }

summarise_errors() {
    local f count=0
    : > "$SUMMARY"
    for f in "$LOG_DIR"/display_*.log; do
        [ -e "$f" ] || continue
        grep -hE 'CUE_(FAIL|TIMEOUT)|AMP_FAULT|LIGHT_DMX_ERR' "$f" >> "$SUMMARY" 2>/dev/null
    done
    count=$(wc -l < "$SUMMARY")
    note "$count cue errors yesterday (see $SUMMARY)"
}

compress_old() {
    local f n=0
    while IFS= read -r -d '' f; do
        if [ "$DRY_RUN" = "1" ]; then
            note "would compress $f"
        else
            gzip -9 "$f" && n=$((n + 1))
        fi
    done < <(find "$LOG_DIR" -maxdepth 1 -name 'display_*.log' -mtime +0 -print0)
    note "compressed $n log files"
}

prune_archives() {
    local n
    if [ "$DRY_RUN" = "1" ]; then
        find "$LOG_DIR" -maxdepth 1 -name 'display_*.log.gz' -mtime +"$KEEP_DAYS" -printf 'would prune %p\n'
        return
    fi
    n=$(find "$LOG_DIR" -maxdepth 1 -name 'display_*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    note "pruned $n archives older than $KEEP_DAYS days"
}

disk_report() {
    local used
    used=$(du -sh "$LOG_DIR" 2>/dev/null | cut -f1)
    note "log directory now ${used:-unknown}"
}

summarise_errors
compress_old
prune_archives
disk_report
note "maintenance complete"
