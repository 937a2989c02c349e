#!/bin/sh
# Set up the USB3 retinal camera on a store imaging PC.
#
# The camera needs the UVC driver loaded with a larger URB budget and a bigger
# usbfs memory pool, otherwise full-resolution fundus captures drop frames.
# Settings are made persistent so they survive a reboot.

set -e

CAM_VENDOR="2bdf"
MODULE="uvcvideo"
USBFS_MB="${USBFS_MB:-1000}"
CONF_NAME="retcam.conf"
DRY_RUN=0

log() { echo "retcam-setup: $*"; }

as_admin() {
    # Use whichever elevation helper the store image provides.
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    log "no elevation helper found"
    return 1
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: $*"
    else
        as_admin "$@"
    fi
}

camera_present() {
    lsusb 2>/dev/null | grep -qi "ID $CAM_VENDOR:" 
}

configure_module() {
    opts="options $MODULE quirks=0x80 nodrop=1 timeout=5000"
    log "writing module options"
    if [ "$DRY_RUN" -eq 0 ]; then
        echo "$opts" | as_admin tee "/etc/modprobe.d/$CONF_NAME" >/dev/null
    fi
    run modprobe -r "$MODULE" || true
    run modprobe "$MODULE"
}

configure_usbfs() {
    log "raising usbfs memory to ${USBFS_MB} MB"
    if [ "$DRY_RUN" -eq 0 ]; then
        echo "$USBFS_MB" | as_admin tee /sys/module/usbcore/parameters/usbfs_memory_mb >/dev/null
        echo "options usbcore usbfs_memory_mb=$USBFS_MB" | \
            as_admin tee /etc/modprobe.d/usbcore-retcam.conf >/dev/null
    fi
    run sysctl -w vm.dirty_ratio=10
}

restart_capture_service() {
    if systemctl list-unit-files 2>/dev/null | grep -q '^retcam-capture'; then
        run systemctl restart retcam-capture.service
    else
        log "capture service not installed yet; skipping restart"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if ! camera_present; then
    log "camera with vendor id $CAM_VENDOR not detected; continuing anyway"
fi

configure_module
configure_usbfs
restart_capture_service
log "setup complete; replug the camera if it was connected"
