#!/usr/bin/env bash
# guillotine_shift_handover.sh - end-of-shift routine for the guillotine
# station PC.
#
#  * appends blade / clamp counters from the controller export to the
#    maintenance log
#  * compresses maintenance logs older than a week, drops ones past retention
#  * prints a handover summary for the next operator
#  * resets the shared operator session so the next shift starts clean
#
# Config: ./handover.conf  (LOG_DIR, EXPORT_CSV, KEEP_DAYS, RESET_SESSION)
set -uo pipefail

CONF="./handover.conf"
LOG_DIR="./logs"
EXPORT_CSV="./export/counters.csv"
KEEP_DAYS=90
COMPRESS_AFTER=7
RESET_SESSION="${RESET_SESSION:-yes}"
OPERATOR="${1:-${USER:-operator}}"

[[ -f "$CONF" ]] && source "$CONF"

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

reset_session() {
    local f
    for f in .bash_history .python_history .lesshst .viminfo .local/share/recently-used.xbel; do
        if [[ -e "$HOME/$f" ]]; then
            : > "$HOME/$f"
        fi
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    note "operator session reset"
}

main() {
    mkdir -p "$LOG_DIR"
    note "handover started by $OPERATOR"
    append_counters || true
    rotate_logs
    summary
    case "${RESET_SESSION,,}" in
        yes|true|1) reset_session ;;
        *) note "session reset skipped" ;;
    esac
}

main
