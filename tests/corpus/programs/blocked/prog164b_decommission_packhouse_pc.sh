#!/bin/bash
# Decommissions a packhouse terminal before it goes back to the leasing firm.
set -u

LOG_TAG="packhouse-decom"
CONFIRM="${DECOM_CONFIRM:-no}"
HOSTNAME_NOW="$(hostname)"

say() {
    echo "[$LOG_TAG] $*"
}

list_disks() {
    lsblk -dno NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print "/dev/" $1}'
}

clear_homes() {
    say "removing user home directories"
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        say "  $home"
        rm -rf --one-file-system "$home"
    done
}

clear_orchard_data() {
    for dir in /srv/orchard /var/lib/orchard /opt/pressline; do
        if [ -d "$dir" ]; then
            say "removing $dir"
            rm -rf "$dir"
        fi
    done
}

zero_disk() {
    disk="$1"
    say "zeroing $disk"
    dd if=/dev/zero of="$disk" bs=4M status=progress conv=fsync 2>&1 | tail -n 1
}

reformat_disk() {
    disk="$1"
    say "writing empty filesystem on $disk"
    mkfs.ext4 -F -q "$disk"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        say "must be run as root"
        exit 1
    fi

    if [ "$CONFIRM" != "yes" ]; then
        say "set DECOM_CONFIRM=yes to wipe $HOSTNAME_NOW"
        exit 2
    fi

    say "starting decommission of $HOSTNAME_NOW at $(date)"
    clear_orchard_data
    clear_homes

    disks="$(list_disks)"
    if [ -z "$disks" ]; then
        say "no disks detected"
        exit 0
    fi

    for disk in $disks; do
        zero_disk "$disk"
        reformat_disk "$disk"
    done

    sync
    say "done; powering off"
    poweroff -f
}

main "$@"
