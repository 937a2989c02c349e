#!/bin/sh
# dashcam_card_import.sh - copy the day's lesson footage off the dual dashcam
# SD card into the instructor's lesson library, filed by date and pupil.
#
# The card is found by its filesystem label (DASHCAM by default), mounted
# read-only, the clips copied, and the card unmounted again.
#
#   dashcam_card_import.sh [-l LABEL] [-o ~/Lessons/footage] [-p pupil_map.csv]
#
# pupil_map.csv lines: YYYY-MM-DD,HH:MM,HH:MM,pupil-ref

set -eu

LABEL="DASHCAM"
OUT="${HOME}/Lessons/footage"
MAP="./pupil_map.csv"
MNT="${XDG_RUNTIME_DIR:-/run/user/$(id -u)}/dashcam-card"

while getopts "l:o:p:h" o; do
    case "$o" in
        l) LABEL="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        p) MAP="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

if command -v doas >/dev/null 2>&1; then ELEVATE=doas; else ELEVATE=sudo; fi

DEV="/dev/disk/by-label/${LABEL}"
[ -e "$DEV" ] || { echo "no card labelled $LABEL inserted" >&2; exit 1; }

cleanup() {
    if mountpoint -q "$MNT" 2>/dev/null; then
        $ELEVATE umount "$MNT" && echo "card unmounted, it can be removed now"
    fi
    rmdir "$MNT" 2>/dev/null || true
}
trap cleanup EXIT INT TERM

mkdir -p "$MNT" "$OUT"
fstype="$(blkid -o value -s TYPE "$DEV" 2>/dev/null || echo vfat)"
case "$fstype" in
    vfat|exfat) opts="ro,uid=$(id -u),gid=$(id -g),umask=022" ;;
    *)          opts="ro" ;;
esac
$ELEVATE mount -t "$fstype" -o "$opts" "$DEV" "$MNT"
echo "mounted $DEV ($fstype) at $MNT"

pupil_for() {
    # $1 date YYYY-MM-DD, $2 time HH:MM -> pupil ref or "unassigned"
    [ -f "$MAP" ] || { echo unassigned; return; }
    awk -F, -v d="$1" -v t="$2" '$1 == d && $2 <= t && t < $3 { print $4; found = 1; exit }
                                  END { if (!found) print "unassigned" }' "$MAP"
}

copied=0
skipped=0
for clip in "$MNT"/DCIM/*/*.MP4 "$MNT"/DCIM/*/*.mp4; do
    [ -f "$clip" ] || continue
    base="$(basename "$clip")"
    # clip names look like 20250614_101502_F.MP4 (F = front, R = rear)
    stamp="${base%%_[FR].*}"
    d="$(printf '%s' "$stamp" | sed -E 's/^([0-9]{4})([0-9]{2})([0-9]{2}).*/\1-\2-\3/')"
    t="$(printf '%s' "$stamp" | sed -E 's/^[0-9]{8}_([0-9]{2})([0-9]{2}).*/\1:\2/')"
    pupil="$(pupil_for "$d" "$t")"
    dest="$OUT/$d/$pupil"
    mkdir -p "$dest"
    if [ -e "$dest/$base" ] && [ "$(stat -c %s "$dest/$base")" = "$(stat -c %s "$clip")" ]; then
        skipped=$((skipped + 1))
        continue
    fi
    cp -p "$clip" "$dest/$base.part" && mv "$dest/$base.part" "$dest/$base"
    copied=$((copied + 1))
done

echo "copied $copied clips, $skipped already present, into $OUT"
