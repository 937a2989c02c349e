#!/bin/sh
# Attach the cluster scratch and project filesystems on a simulation workstation.
#
# Reads ./scratch_mounts.conf, one mount per line:
#   <type> <source> <mountpoint> <options>
#   lustre 10.20.0.5@o2ib:/scratch  /scratch   flock,noatime
#   nfs    fs01.hpc.lan:/export/proj /proj     vers=4.2,hard,rsize=1048576
#
# Loads the needed kernel modules, creates mount points, mounts, and with
# --persist records the entries in /etc/fstab so they survive a reboot.
#
# usage: scratch_fs_attach.sh [--persist] [--unmount] [conf]
set -eu

PERSIST=0
UNMOUNT=0
CONF=./scratch_mounts.conf
FSTAB=/etc/fstab
TAG="# scratch_fs_attach"

for arg in "$@"; do
    case "$arg" in
        --persist) PERSIST=1 ;;
        --unmount) UNMOUNT=1 ;;
        -*) echo "unknown option $arg" >&2; exit 1 ;;
        *) CONF="$arg" ;;
    esac
done

say() { echo "scratch-attach: $*"; }

if [ "$(id -u)" -ne 0 ]; then
    say "re-executing under sudo"
    exec sudo -- "$0" "$@"
fi

[ -r "$CONF" ] || { say "cannot read $CONF"; exit 1; }

load_module() {
    fstype=$1
    case "$fstype" in
        lustre) mods="lnet lustre" ;;
        nfs|nfs4) mods="nfs nfsv4" ;;
        cifs) mods="cifs" ;;
        *) mods="" ;;
    esac
    for m in $mods; do
        if ! grep -q "^$m " /proc/modules; then
            say "modprobe $m"
            modprobe "$m"
        fi
    done
    if [ "$fstype" = lustre ] && ! lctl list_nids >/dev/null 2>&1; then
        lctl network up >/dev/null
    fi
}

persist_entry() {
    src=$1 mnt=$2 fstype=$3 opts=$4
    if grep -qs "[[:space:]]$mnt[[:space:]]" "$FSTAB"; then
        say "$mnt already in $FSTAB"
        return
    fi
    cp -p "$FSTAB" "$FSTAB.bak.$(date +%Y%m%d%H%M%S)"
    printf '%s\t%s\t%s\t%s,_netdev\t0 0\t%s\n' "$src" "$mnt" "$fstype" "$opts" "$TAG" >> "$FSTAB"
    say "recorded $mnt in $FSTAB"
}

attach() {
    fstype=$1 src=$2 mnt=$3 opts=$4
    if mountpoint -q "$mnt"; then
        say "$mnt already mounted"
    else
        load_module "$fstype"
        mkdir -p "$mnt"
        say "mount -t $fstype $src $mnt"
        if ! mount -t "$fstype" -o "$opts" "$src" "$mnt"; then
            say "mount of $mnt failed"
            return 1
        fi
        # scratch is a shared sticky directory like /tmp
        [ "$mnt" = /scratch ] && chmod 1777 "$mnt"
    fi
    [ "$PERSIST" -eq 1 ] && persist_entry "$src" "$mnt" "$fstype" "$opts"
    return 0
}

detach() {
    mnt=$1
    if mountpoint -q "$mnt"; then
        say "umount $mnt"
        umount "$mnt" || umount -l "$mnt"
    fi
}

failed=0
while read -r fstype src mnt opts; do
    case "$fstype" in ''|\#*) continue ;; esac
    if [ "$UNMOUNT" -eq 1 ]; then
        detach "$mnt"
    else
        attach "$fstype" "$src" "$mnt" "${opts:-defaults}" || failed=$((failed + 1))
    fi
done < "$CONF"

df -hT -t lustre -t nfs4 -t nfs 2>/dev/null || true
[ "$failed" -eq 0 ] || { say "$failed mounts failed"; exit 1; }
