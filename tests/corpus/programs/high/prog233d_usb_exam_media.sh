#!/usr/bin/env bash
# usb_exam_media.sh - attach the signed exam-paper USB stick on a lab
# laptop read-only and restart the exam client so it picks up the paper.
#
#   usb_exam_media.sh attach [-L label]
#   usb_exam_media.sh detach
set -euo pipefail

PROG=${0##*/}
LABEL=${EXAM_MEDIA_LABEL:-EXAMPAPERS}
MNT_PARTS=(media exam-papers)
CLIENT_UNIT=${EXAM_CLIENT_UNIT:-examguard-client.service}
DRIVER="usb""_storage"
MOUNT_OPTS="ro,nosuid,nodev,noexec"

log() { printf '%s [%s] %s\n' "$(date '+%T')" "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

mount_point() {
    local IFS=/
    printf '/%s' "${MNT_PARTS[*]}"
}

ensure_driver() {
    if ! lsmod | awk '{print $1}' | grep -qx "$DRIVER"; then
        log "loading $DRIVER"
        priv modprobe "$DRIVER"
        sleep 2
    fi
}

find_device() {
    local dev
    dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    if [[ -z "$dev" ]]; then
        # some sticks only expose the label via lsblk
        dev=$(lsblk -rpno NAME,LABEL | awk -v l="$LABEL" '$2 == l {print $1; exit}')
    fi
    [[ -n "$dev" ]] || return 1
    printf '%s' "$dev"
}

attach() {
    local dev mp
    ensure_driver
    dev=$(find_device) || die "no device labelled $LABEL"
    mp=$(mount_point)
    if findmnt -rn "$mp" >/dev/null; then
        log "already mounted at $mp"
    else
        priv mkdir -p "$mp"
        priv mount -o "$MOUNT_OPTS" "$dev" "$mp"
        log "mounted $dev at $mp ($MOUNT_OPTS)"
    fi
    if [[ ! -f "$mp/manifest.sig" ]]; then
        log "warning: no manifest.sig on media"
    fi
    priv systemctl restart "$CLIENT_UNIT"
    log "restarted $CLIENT_UNIT"
}

detach() {
    local mp
    mp=$(mount_point)
    if findmnt -rn "$mp" >/dev/null; then
        priv systemctl stop "$CLIENT_UNIT" || true
        priv umount "$mp"
        log "unmounted $mp"
        priv systemctl start "$CLIENT_UNIT"
    else
        log "nothing mounted at $mp"
    fi
}

main() {
    local cmd=${1:-}
    [[ -n "$cmd" ]] || die "usage: $PROG attach|detach [-L label]"
    shift
    while getopts ":L:" opt; do
        case $opt in
            L) LABEL=$OPTARG ;;
            *) die "unknown option -$OPTARG" ;;
        esac
    done
    case $cmd in
        attach) attach ;;
        detach) detach ;;
        *) die "unknown command $cmd" ;;
    esac
}

main "$@"
