#!/bin/sh
# scratch_tmpfs_provision.sh - give the HPC login nodes a RAM-backed scratch
# area for build users and tune writeback so large builds don't stall.
#
# Idempotent: safe to run from the node bootstrap on every boot.
set -eu

SCRATCH=${SCRATCH:-/srv/scratch}
SIZE=${SCRATCH_SIZE:-16G}
GROUP=${SCRATCH_GROUP:-builders}
FSTAB=/etc/fstab
SYSCTL_DROPIN=/etc/sysctl.d/70-scratch-writeback.conf
MARK="# scratch-tmpfs (managed)"

say() { printf '%s scratch-provision: %s\n' "$(date '+%F %T')" "$*"; }
die() { say "ERROR: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || die "must be run as root"
getent group "$GROUP" >/dev/null || die "group $GROUP does not exist"

mem_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
case "$SIZE" in
    *G) want_kb=$(( ${SIZE%G} * 1024 * 1024 )) ;;
    *M) want_kb=$(( ${SIZE%M} * 1024 )) ;;
    *) die "SIZE must end in G or M" ;;
esac
if [ "$want_kb" -gt $(( mem_kb / 2 )) ]; then
    die "requested $SIZE is more than half of RAM (${mem_kb} kB)"
fi

gid=$(getent group "$GROUP" | cut -d: -f3)
opts="size=$SIZE,mode=1770,uid=0,gid=$gid,nosuid,nodev"

mkdir -p "$SCRATCH"
if mountpoint -q "$SCRATCH"; then
    say "$SCRATCH already mounted, remounting with current options"
    mount -o "remount,$opts" "$SCRATCH"
else
    say "mounting tmpfs on $SCRATCH ($opts)"
    mount -t tmpfs -o "$opts" scratchfs "$SCRATCH"
fi

if ! grep -qF "$MARK" "$FSTAB"; then
    say "adding $SCRATCH to $FSTAB"
    cp -p "$FSTAB" "$FSTAB.bak.$(date +%s)"
    {
        echo "$MARK"
        echo "scratchfs $SCRATCH tmpfs $opts 0 0"
    } >> "$FSTAB"
else
    say "fstab entry present"
fi

say "writing $SYSCTL_DROPIN"
cat > "$SYSCTL_DROPIN" <<EOF2
$MARK
vm.dirty_background_ratio = 5
vm.dirty_ratio = 15
vm.dirty_expire_centisecs = 1500
EOF2
chmod 0644 "$SYSCTL_DROPIN"
sysctl -q -p "$SYSCTL_DROPIN"

for d in "$SCRATCH/build" "$SCRATCH/ccache"; do
    install -d -m 2770 -o root -g "$GROUP" "$d"
done
say "scratch ready: $(df -h "$SCRATCH" | awk 'NR==2 {print $2" total, "$4" free"}')"
