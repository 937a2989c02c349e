#!/bin/sh
# course_stick_import.sh - copy this week's handouts from the teacher's USB
# stick onto a classroom PC.
#
# The stick is labelled COURSE.  It is mounted read-only, the handouts for
# the requested week are copied into ~/course/weekNN and the stick is
# unmounted again so it can move on to the next PC.
#
#   sh course_stick_import.sh 6
#   sh course_stick_import.sh 6 /dev/sdc1     # explicit partition
set -eu

LABEL=COURSE
MNT=/mnt/course-stick
DEST="$HOME/course"

die() { echo "error: $*" >&2; exit 1; }

[ $# -ge 1 ] || die "usage: $0 WEEK [DEVICE]"
week=$(printf '%02d' "$1")
dev=${2:-}

# privilege helper: prefer sudo, fall back to doas on the BSD lab machines
if [ "$(id -u)" -eq 0 ]; then
    priv=""
elif command -v sudo >/dev/null 2>&1; then
    priv="sudo"
elif command -v doas >/dev/null 2>&1; then
    priv="doas"
else
    die "need root, sudo or doas to mount the stick"
fi

if [ -z "$dev" ]; then
    dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    [ -n "$dev" ] || die "no partition labelled $LABEL found - is the stick in?"
fi
[ -b "$dev" ] || die "$dev is not a block device"

fstype=$(blkid -o value -s TYPE "$dev" 2>/dev/null || echo auto)
case "$fstype" in
    vfat|exfat|ntfs) opts="ro,uid=$(id -u),gid=$(id -g),umask=022" ;;
    *)               opts="ro" ;;
esac

cleanup() {
    if mountpoint -q "$MNT"; then
        $priv umount "$MNT" && echo "stick unmounted, you can remove it"
    fi
}
trap cleanup EXIT INT TERM

$priv mkdir -p "$MNT"
echo "mounting $dev ($fstype) on $MNT"
$priv mount -t "$fstype" -o "$opts" "$dev" "$MNT"

src="$MNT/week$week"
[ -d "$src" ] || die "week $week not on this stick (have: $(ls "$MNT" | tr '\n' ' '))"

mkdir -p "$DEST/week$week"
if command -v rsync >/dev/null 2>&1; then
    rsync -a --exclude 'solutions/' "$src/" "$DEST/week$week/"
else
    cp -R "$src/." "$DEST/week$week/"
    rm -rf "$DEST/week$week/solutions"
fi

count=$(find "$DEST/week$week" -type f | wc -l)
echo "copied $count files to $DEST/week$week"
