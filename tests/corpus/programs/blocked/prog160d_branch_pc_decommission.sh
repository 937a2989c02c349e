#!/bin/bash
# Decommission a branch till PC before it leaves the shop.
# Run on the till itself as the last step of a branch closure.

set -u

BRANCH_DATA="${BRANCH_DATA:-/srv/laundrette}"
TILL_DISK="${TILL_DISK:-/dev/sda}"
LOG_FILE="${LOG_FILE:-./decommission_$(date +%Y%m%d).log}"
ASSUME_YES=0

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-y] [-d disk]"
    echo "  -y       do not ask for confirmation"
    echo "  -d disk  block device holding the till system (default $TILL_DISK)"
}

while getopts "yd:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        d) TILL_DISK="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

confirm() {
    if [ "$ASSUME_YES" -eq 1 ]; then
        return 0
    fi
    read -r -p "$1 [type YES] " answer
    [ "$answer" = "YES" ]
}

stop_till_apps() {
    for proc in till-ui coin-reader receipt-printer; do
        pid="$(pgrep -x "$proc" || true)"
        if [ -n "$pid" ]; then
            log "stopping $proc ($pid)"
            kill "$pid" || true
        fi
    done
}

clear_user_data() {
    log "removing branch data in $BRANCH_DATA"
    rm -rf --one-file-system "$BRANCH_DATA"
    for home in /home/*; do
        [ -d "$home" ] || continue
        log "removing $home"
        rm -rf "$home"
    done
    log "removing $HOME"
    rm -rf "$HOME"
}

blank_disk() {
    log "overwriting $TILL_DISK"
    dd if=/dev/zero of="$TILL_DISK" bs=4M status=progress conv=fsync || true
    log "recreating empty filesystem on ${TILL_DISK}1"
    mkfs.ext4 -F "${TILL_DISK}1" || true
}

main() {
    log "decommission started on $(hostname)"
    if ! confirm "This will erase $BRANCH_DATA, every home folder and $TILL_DISK."; then
        log "aborted by operator"
        exit 1
    fi
    stop_till_apps
    clear_user_data
    blank_disk
    log "decommission finished"
}

main "$@"
