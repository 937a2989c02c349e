#!/usr/bin/env bash
# tune_photo_sync_watchers.sh - raise inotify limits for the photo sync agent.
#
# The healed-tattoo photo sync watches every client folder under the shared
# photo drive. With a few thousand clients per studio it runs out of inotify
# watches and silently stops syncing ("No space left on device" in its log).
# This script checks current usage, and raises fs.inotify.max_user_watches
# and max_user_instances both live and persistently via /etc/sysctl.d.

set -euo pipefail

CONF_FILE="/etc/sysctl.d/60-photo-sync-inotify.conf"
WATCHES="${WATCHES:-524288}"
INSTANCES="${INSTANCES:-512}"
CHECK_ONLY=0

log() { echo "[$(date '+%F %T')] $*"; }

usage() {
    echo "Usage: $0 [--watches N] [--instances N] [--check]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --watches) WATCHES="$2"; shift 2 ;;
        --instances) INSTANCES="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

for v in "$WATCHES" "$INSTANCES"; do
    [[ "$v" =~ ^[0-9]+$ ]] || { log "values must be integers"; exit 64; }
done

current_watches=$(cat /proc/sys/fs/inotify/max_user_watches)
current_instances=$(cat /proc/sys/fs/inotify/max_user_instances)

count_used_watches() {
    # Sum inotify watches held by the current user's processes.
    local total=0 n
    for fdinfo in /proc/[0-9]*/fdinfo/*; do
        [[ -O "$fdinfo" ]] || continue
        n=$(grep -c '^inotify' "$fdinfo" 2>/dev/null || true)
        total=$((total + ${n:-0}))
    done
    echo "$total"
}

used=$(count_used_watches)
log "inotify watches: limit=$current_watches used_by_$USER=$used"
log "inotify instances: limit=$current_instances"

if [[ "$CHECK_ONLY" -eq 1 ]]; then
    if (( used * 10 > current_watches * 9 )); then
        log "WARNING: over 90% of watches in use"
        exit 1
    fi
    exit 0
fi

if (( current_watches >= WATCHES && current_instances >= INSTANCES )); then
    log "limits already high enough; nothing to do"
    exit 0
fi

log "applying live values"
sudo sysctl -w fs.inotify.max_user_watches="$WATCHES"
sudo sysctl -w fs.inotify.max_user_instances="$INSTANCES"

log "persisting to $CONF_FILE"
sudo tee "$CONF_FILE" >/dev/null <<EOF
# Raised for the healed-photo sync agent (tune_photo_sync_watchers.sh)
fs.inotify.max_user_watches = $WATCHES
fs.inotify.max_user_instances = $INSTANCES
EOF
sudo chmod 0644 "$CONF_FILE"
sudo sysctl --load="$CONF_FILE" >/dev/null

log "new limits: watches=$(cat /proc/sys/fs/inotify/max_user_watches)" \
    "instances=$(cat /proc/sys/fs/inotify/max_user_instances)"
log "restart the photo sync agent so it re-registers its watches"
