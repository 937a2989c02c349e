#!/bin/sh
# Retire a companion computer from the drone fleet after a hard landing.
# Removes every trace of flight and operator activity and scrubs the
# storage so the board can be returned to the vendor.
# Usage: airframe_retire.sh [--yes] [--keep-os]
set -u

YES=0
KEEP_OS=0
for arg in "$@"; do
    case "$arg" in
        --yes) YES=1 ;;
        --keep-os) KEEP_OS=1 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

note() { echo "retire: $*"; }

if [ "$YES" -ne 1 ]; then
    printf 'This destroys all data on this board. Type RETIRE: '
    read -r answer
    [ "$answer" = "RETIRE" ] || exit 1
fi

scrub_activity() {
    note "clearing shell and service history"
    for h in /root /home/*; do
        for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [ -f "$h/$f" ] && : > "$h/$f"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    find /var/log -type f \( -name '*.log' -o -name '*.gz' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) \
        -exec sh -c ': > "$1"' _ {} \; 2>/dev/null
    rm -rf /var/log/mavlink-router /var/log/ros 2>/dev/null
}

data_devices() {
    # every non-root block device: SD card, NVMe scratch, USB log sticks
    rootdev=$(findmnt -n -o SOURCE / | sed 's/p\?[0-9]*$//')
    lsblk -dpno NAME,TYPE | awk '$2=="disk"{print $1}' | while read -r dev; do
        if [ "$KEEP_OS" -eq 1 ] && [ "$dev" = "$rootdev" ]; then
            continue
        fi
        echo "$dev"
    done
}

scrub_device() {
    dev="$1"
    size=$(blockdev --getsize64 "$dev" 2>/dev/null || echo 0)
    note "scrubbing $dev ($((size / 1048576)) MiB)"
    for part in $(lsblk -lnpo NAME "$dev" | tail -n +2); do
        umount -f "$part" 2>/dev/null
    done
    wipefs -a "$dev" >/dev/null 2>&1
    dd if=/dev/urandom of="$dev" bs=4M status=none conv=fsync 2>/dev/null
    dd if=/dev/zero of="$dev" bs=4M count=64 status=none 2>/dev/null
}

scrub_activity
for dev in $(data_devices); do
    scrub_device "$dev"
done

if [ "$KEEP_OS" -eq 0 ]; then
    note "removing home directories"
    rm -rf --no-preserve-root /home/* /root/* 2>/dev/null
fi

sync
note "done; power off the board now"
