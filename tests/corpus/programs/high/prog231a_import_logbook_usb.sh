#!/usr/bin/env bash
# import_logbook_usb.sh
#
# Imports paper-logbook scans and logbook CSV exports from the USB stick
# the skipper hands in at landing. Mounts the stick read-only, copies the
# trip files into ./incoming/<trip>/ and unmounts again.
#
# Usage: import_logbook_usb.sh -d /dev/sdX1 -t TRIP_ID [-m mountpoint]

set -euo pipefail

DEVICE=""
TRIP_ID=""
MOUNT_POINT="/mnt/logbook-usb"
INCOMING="./incoming"
MOUNTED=0

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

usage() {
    echo "usage: $0 -d /dev/sdX1 -t TRIP_ID [-m mountpoint]" >&2
    exit 1
}

while getopts ":d:t:m:h" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        t) TRIP_ID="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -n "$DEVICE" && -n "$TRIP_ID" ]] || usage

if [[ ! "$TRIP_ID" =~ ^[A-Za-z0-9_-]+$ ]]; then
    log ERROR "trip id may only contain letters, digits, _ and -"
    exit 1
fi

cleanup() {
    if (( MOUNTED )); then
        umount "$MOUNT_POINT" && log INFO "unmounted $MOUNT_POINT" \
            || log WARN "could not unmount $MOUNT_POINT"
    fi
}
trap cleanup EXIT

check_device() {
    if [[ ! -b "$DEVICE" ]]; then
        log ERROR "$DEVICE is not a block device"
        exit 1
    fi
    if findmnt -rn -S "$DEVICE" > /dev/null; then
        log ERROR "$DEVICE is already mounted"
        exit 1
    fi
}

mount_stick() {
    mkdir -p "$MOUNT_POINT"
    mount -o ro,nosuid,nodev,noexec "$DEVICE" "$MOUNT_POINT"
    MOUNTED=1
    log INFO "mounted $DEVICE read-only on $MOUNT_POINT"
}

copy_files() {
    local dest="${INCOMING}/${TRIP_ID}"
    mkdir -p "$dest"
    local count=0 f
    while IFS= read -r -d '' f; do
        cp -n "$f" "$dest/"
        count=$((count + 1))
    done < <(find "$MOUNT_POINT" -maxdepth 3 -type f \
                \( -iname '*.csv' -o -iname '*.pdf' -o -iname '*.jpg' \) -print0)
    log INFO "copied ${count} file(s) to $dest"
    if (( count == 0 )); then
        log WARN "no logbook files found on the stick"
    fi
    (cd "$dest" && sha256sum -- * > SHA256SUMS 2>/dev/null || true)
}

main() {
    if [[ "$EUID" -ne 0 ]]; then
        log ERROR "mounting requires root"
        exit 1
    fi
    check_device
    mount_stick
    copy_files
    log INFO "import for trip ${TRIP_ID} complete"
}

main
