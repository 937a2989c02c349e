#!/usr/bin/env bash
# indexer_watch_tune.sh - the DMS full-text indexer watches every folder of
# the matters share with inotify.  After a large production is loaded it runs
# out of watches and silently stops indexing.  This script sizes the inotify
# limit from the folder count and restarts the indexer service.
set -euo pipefail

MATTERS_ROOT="${MATTERS_ROOT:-/srv/dms/matters}"
SERVICE="${SERVICE:-dms-indexer.service}"
HEADROOM="${HEADROOM:-1.5}"
MIN_WATCHES=65536
MAX_WATCHES=2097152
APPLY=1

log() { printf '%s [indexer-tune] %s\n' "$(date '+%F %T')" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --root) MATTERS_ROOT="$2"; shift 2 ;;
        --service) SERVICE="$2"; shift 2 ;;
        --report) APPLY=0; shift ;;
        -h|--help) echo "usage: $0 [--root DIR] [--service UNIT] [--report]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [[ ! -d "$MATTERS_ROOT" ]]; then
    log "matters root $MATTERS_ROOT not found"
    exit 1
fi

DIR_COUNT=$(find "$MATTERS_ROOT" -type d 2>/dev/null | wc -l)
CURRENT=$(cat /proc/sys/fs/inotify/max_user_watches)
INSTANCES=$(cat /proc/sys/fs/inotify/max_user_instances)
log "directories under $MATTERS_ROOT: $DIR_COUNT"
log "current max_user_watches=$CURRENT max_user_instances=$INSTANCES"

TARGET=$(DIRS="$DIR_COUNT" HEADROOM="$HEADROOM" MINW="$MIN_WATCHES" MAXW="$MAX_WATCHES" \
    python3 -c '
import math, os
dirs = int(os.environ["DIRS"])
need = math.ceil(dirs * float(os.environ["HEADROOM"]))
# round up to the next power of two, within bounds
target = 1 << max(need - 1, 1).bit_length()
target = max(int(os.environ["MINW"]), min(int(os.environ["MAXW"]), target))
print(target)
')
log "recommended max_user_watches=$TARGET"

if [[ "$APPLY" -eq 0 ]]; then
    log "report only"
    exit 0
fi

if (( TARGET > CURRENT )); then
    log "raising inotify watch limit"
    sudo sysctl -w fs.inotify.max_user_watches="$TARGET"
    if (( INSTANCES < 512 )); then
        sudo sysctl -w fs.inotify.max_user_instances=512
    fi
else
    log "current limit is sufficient"
fi

if systemctl list-unit-files "$SERVICE" >/dev/null 2>&1; then
    log "restarting $SERVICE"
    sudo systemctl restart "$SERVICE"
    sleep 3
    STATE=$(systemctl is-active "$SERVICE" || true)
    log "$SERVICE is $STATE"
    if [[ "$STATE" != "active" ]]; then
        journalctl -u "$SERVICE" -n 20 --no-pager >&2 || true
        exit 1
    fi
else
    log "service $SERVICE not installed; skipping restart"
fi
log "done"
