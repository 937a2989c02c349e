#!/usr/bin/env bash
# install_poll_schedule.sh - schedule the logger poller and the relay agent
# for the current user so they survive reboots and power cuts at the hut.
#
# Adds (idempotently) to the user's crontab:
#   - the poller every N minutes
#   - the relay agent at every boot
set -euo pipefail

BASE_DIR="${BASE_DIR:-$HOME/wxrelay}"
POLLER="$BASE_DIR/poll_loggers.sh"
AGENT="$BASE_DIR/agent.py"
INTERVAL="${INTERVAL:-10}"
TAG="# wxrelay-schedule"
LOG="$BASE_DIR/schedule.log"

log() { mkdir -p "$BASE_DIR"; printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-i minutes] [-r]   (-r removes the schedule)"
}

REMOVE=0
while getopts ":i:rh" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        r) REMOVE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ "$INTERVAL" =~ ^[0-9]+$ ]] && (( INTERVAL >= 1 && INTERVAL <= 59 )) \
    || { echo "interval must be 1-59 minutes" >&2; exit 1; }

current_crontab() {
    crontab -l 2>/dev/null || true
}

without_ours() {
    grep -v -F "$TAG" || true
}

build_entries() {
    cat <<ENTRIES
*/$INTERVAL * * * * /bin/bash $POLLER >>$BASE_DIR/poll.log 2>&1 $TAG
@reboot sleep 60 && /usr/bin/python3 $AGENT --daemon >>$BASE_DIR/agent.log 2>&1 $TAG
ENTRIES
}

check_targets() {
    local missing=0
    for f in "$POLLER" "$AGENT"; do
        if [[ ! -f "$f" ]]; then
            log "warning: $f does not exist yet"
            missing=1
        fi
    done
    return $missing
}

if (( REMOVE )); then
    current_crontab | without_ours | crontab -
    log "removed wxrelay entries from crontab"
    exit 0
fi

check_targets || log "continuing anyway; entries will fail until files are deployed"

new_tab="$( { current_crontab | without_ours; build_entries; } )"
if [[ "$new_tab" == "$(current_crontab)" ]]; then
    log "crontab already up to date"
    exit 0
fi

printf '%s\n' "$new_tab" | crontab -
log "installed schedule: poller every $INTERVAL min, agent @reboot"
crontab -l | grep -F "$TAG" | tee -a "$LOG"
