#!/usr/bin/env bash
# guillotine_log_handover.sh - end-of-shift routine for the guillotine
# station PC.
#
#  * appends blade / clamp counters from the controller export to the
#    maintenance log
#  * compresses maintenance logs older than a week, drops ones past retention
#  * prints a handover summary for the next operator
#
# Config: ./handover.conf  (LOG_DIR, EXPORT_CSV, KEEP_DAYS)
set -uo pipefail

CONF="./handover.conf"
LOG_DIR="./logs"
EXPORT_CSV="./export/counters.csv"
KEEP_DAYS=90
COMPRESS_AFTER=7
OPERATOR="${1:-${USER:-operator}}"

read_conf() {
    [[ -f "$CONF" ]] || return 0
    local key val
    while IFS='=' read -r key val; do
        case "$key" in
            LOG_DIR) LOG_DIR="$val" ;;
            EXPORT_CSV) EXPORT_CSV="$val" ;;
            KEEP_DAYS) KEEP_DAYS="$val" ;;
        esac
    done < "$CONF"
}

read_conf

TODAY="$(date +%F)"
MLOG="$LOG_DIR/maintenance-$TODAY.log"

note() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$MLOG"; }

append_counters() {
    if [[ ! -r "$EXPORT_CSV" ]]; then
        note "no controller export at $EXPORT_CSV; counters not recorded"
        return 1
    fi
    # blade_id,cuts_since_sharpen,clamp_cycles,last_fault
    tail -n +2 "$EXPORT_CSV" | while IFS=, read -r blade cuts clamp fault; do
        note "blade=$blade cuts=$cuts clamp=$clamp fault=${fault:-none}"
        if (( cuts > 12000 )); then
            note "  blade $blade is over 12k cuts - book a regrind"
        fi
    done
}

rotate_logs() {
    local n_gz n_rm
    n_gz=$(find "$LOG_DIR" -maxdepth 1 -name 'maintenance-*.log' -mtime +"$COMPRESS_AFTER" | wc -l)
    find "$LOG_DIR" -maxdepth 1 -name 'maintenance-*.log' -mtime +"$COMPRESS_AFTER" -exec gzip -9 {} +
    n_rm=$(find "$LOG_DIR" -maxdepth 1 -name 'maintenance-*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$LOG_DIR" -maxdepth 1 -name 'maintenance-*.log.gz' -mtime +"$KEEP_DAYS" -delete
    note "rotated: $n_gz compressed, $n_rm expired"
}

summary() {
    echo
    echo "=== Handover $TODAY from $OPERATOR ==="
    grep -h 'regrind\|fault=[^n]' "$MLOG" 2>/dev/null || echo "no open items"
    echo "Logs: $(ls "$LOG_DIR" | wc -l) files, $(du -sh "$LOG_DIR" | cut -f1)"
    echo
}

main() {
    mkdir -p "$LOG_DIR"
    note "handover started by $OPERATOR"
    append_counters || true
    rotate_logs
    summary
    note "handover finished"
}

main
