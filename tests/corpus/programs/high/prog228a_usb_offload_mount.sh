#!/usr/bin/env bash
# usb_offload_mount.sh - pull time-lapse camera cards onto the field laptop.
#
# The camera SD cards come back from the ice in USB readers. This finds the
# reader's partition, mounts it read-only, copies new frames into the local
# season folder and unmounts again.
set -euo pipefail

DEST="${DEST:-$PWD/timelapse}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/fieldcard}"
LABEL_HINT="${LABEL_HINT:-CAM}"
DRY_RUN=0
VERBOSE=0

log() { printf '%s [offload] %s\n' "$(date +%T)" "$*" >&2; }
dbg() { (( VERBOSE )) && log "$@" || true; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-d dest] [-m mountpoint] [-l label_hint] [-n] [-v]
EOF
}

while getopts ":d:m:l:nvh" o; do
    case "$o" in
        d) DEST="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        l) LABEL_HINT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    local tool="su""do"
    if [[ $EUID -eq 0 ]]; then "$@"; else "$tool" "$@"; fi
}

find_card() {
    # removable partitions whose label looks like a camera card
    lsblk -rno NAME,RM,TYPE,LABEL | while read -r name rm type label; do
        [[ "$rm" == "1" && "$type" == "part" ]] || continue
        if [[ -z "$LABEL_HINT" || "${label:-}" == *"$LABEL_HINT"* ]]; then
            printf '/dev/%s\n' "$name"
        fi
    done | head -n1
}

attach() {
    local dev=$1 mnt_cmd="mo""unt"
    elevate mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already in use"
        return 1
    fi
    elevate "$mnt_cmd" -o ro,noexec,nosuid,uid="$(id -u)" "$dev" "$MOUNT_POINT"
    log "mounted $dev on $MOUNT_POINT"
}

detach() {
    local um="umo""unt"
    mountpoint -q "$MOUNT_POINT" && elevate "$um" "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
}

copy_frames() {
    local src="$MOUNT_POINT/DCIM" n
    [[ -d "$src" ]] || { log "no DCIM folder on card"; return 0; }
    mkdir -p "$DEST"
    if (( DRY_RUN )); then
        rsync -a --dry-run --itemize-changes --include='*/' --include='*.JPG' --exclude='*' "$src/" "$DEST/"
        return 0
    fi
    rsync -a --ignore-existing --include='*/' --include='*.JPG' --exclude='*' "$src/" "$DEST/"
    n=$(find "$DEST" -type f -name '*.JPG' | wc -l)
    log "$n frames now in $DEST"
}

main() {
    local dev
    dev="$(find_card)"
    if [[ -z "$dev" ]]; then
        log "no camera card found (hint: $LABEL_HINT)"
        exit 1
    fi
    dbg "using $dev"
    trap detach EXIT
    attach "$dev"
    copy_frames
}

main
