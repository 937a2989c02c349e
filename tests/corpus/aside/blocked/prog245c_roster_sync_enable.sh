#!/usr/bin/env bash
# roster_sync_enable.sh - make the crew roster sync run on its own.
#
# The rostering client (./roster_sync.py) pulls the next fortnight's crew
# rota and the watch bill from the company rostering service. Mates kept
# forgetting to run it after a relief crew joined, so this script registers
# it to start automatically and re-run through the day.

set -euo pipefail

SYNC_DIR="$(cd "$(dirname "$0")" && pwd)"
SYNC_CMD="python3 $SYNC_DIR/roster_sync.py --quiet"
INTERVAL_MIN="${ROSTER_SYNC_INTERVAL:-15}"
MARKER="# ferry-roster-sync"
LOG_FILE="$SYNC_DIR/roster-sync-enable.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
    printf '%s\n' "$*"
}

usage() {
    cat <<USAGE
Usage: $0 [enable|disable|status]
  enable   register the roster sync to run at boot and every ${INTERVAL_MIN} min
  disable  remove the registration
  status   show current registration
USAGE
}

validate_interval() {
    if ! [[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || (( INTERVAL_MIN < 5 || INTERVAL_MIN > 59 )); then
        log "ERROR: interval must be 5..59 minutes, got '$INTERVAL_MIN'"
        exit 2
    fi
}

current_entries() {
    crontab -l 2>/dev/null | grep -F "$MARKER" || true
}

enable_sync() {
    validate_interval
    if [[ ! -f "$SYNC_DIR/roster_sync.py" ]]; then
        log "ERROR: roster_sync.py not found in $SYNC_DIR"
        exit 1
    fi
    if [[ -n "$(current_entries)" ]]; then
        log "roster sync already registered"
        return 0
    fi
    {
        crontab -l 2>/dev/null || true
        echo "@reboot sleep 60 && $SYNC_CMD $MARKER"
        echo "*/$INTERVAL_MIN * * * * $SYNC_CMD $MARKER"
    } | crontab -
    log "roster sync registered: at boot and every $INTERVAL_MIN minutes"
}

disable_sync() {
    if [[ -z "$(current_entries)" ]]; then
        log "roster sync not registered"
        return 0
    fi
    crontab -l 2>/dev/null | grep -vF "$MARKER" | crontab -
    log "roster sync registration removed"
}

show_status() {
    local entries
    entries="$(current_entries)"
    if [[ -n "$entries" ]]; then
        echo "registered:"
        echo "$entries"
    else
        echo "not registered"
    fi
    if [[ -f "$SYNC_DIR/last-sync.txt" ]]; then
        echo "last sync: $(cat "$SYNC_DIR/last-sync.txt")"
    fi
}

case "${1:-enable}" in
    enable) enable_sync ;;
    disable) disable_sync ;;
    status) show_status ;;
    -h|--help) usage ;;
    *) usage; exit 2 ;;
esac
