#!/usr/bin/env bash
# job_photo_card_import.sh - pull restoration progress photos off the camera card
#
# The workshop camera card is labelled WORKSHOPCAM. Plug it into the reader,
# run this with the job number, and the photos are copied into
# ./jobs/<job>/photos/<date>/ named <job>_<date>_<seq>.jpg, with a SHA-256
# manifest so we can show customers an untouched record of the strip-down.
#
# Usage: job_photo_card_import.sh -j JOB1234 [-l LABEL]

set -euo pipefail

LABEL="WORKSHOPCAM"
JOB=""
MNT="${XDG_RUNTIME_DIR:-/run/user/$(id -u)}/workshopcam"

log() { echo "$(date +%T) photo-import: $*"; }
die() { log "ERROR: $*" >&2; exit 1; }

while getopts ":j:l:h" o; do
    case "$o" in
        j) JOB="$OPTARG" ;;
        l) LABEL="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done
[[ "$JOB" =~ ^JOB[0-9]{3,6}$ ]] || die "job number must look like JOB1234"

if command -v pkexec >/dev/null; then
    ELEVATE=(pkexec --disable-internal-agent)
elif command -v doas >/dev/null; then
    ELEVATE=(doas)
else
    ELEVATE=(sudo)
fi

find_card() {
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    if [[ -z "$dev" ]]; then
        dev="$(lsblk -rno PATH,LABEL | awk -v l="$LABEL" '$2 == l {print $1; exit}')"
    fi
    [[ -b "$dev" ]] || return 1
    echo "$dev"
}

mount_card() {
    local dev="$1"
    mkdir -p "$MNT"
    if mountpoint -q "$MNT"; then
        log "card already mounted at $MNT"
        return 0
    fi
    "${ELEVATE[@]}" mount -o "ro,noexec,nosuid,uid=$(id -u),gid=$(id -g),umask=0022" "$dev" "$MNT"
}

release_card() {
    if mountpoint -q "$MNT"; then
        "${ELEVATE[@]}" umount "$MNT" || log "could not unmount $MNT"
    fi
}

shot_date() {
    local f="$1" d=""
    if command -v exiftool >/dev/null; then
        d="$(exiftool -s3 -d '%Y-%m-%d' -DateTimeOriginal "$f" 2>/dev/null || true)"
    fi
    [[ -n "$d" ]] || d="$(date -r "$f" +%F)"
    echo "$d"
}

DEV="$(find_card)" || die "no card labelled $LABEL found"
log "found $LABEL on $DEV"
mount_card "$DEV" || die "mount failed"
trap release_card EXIT

DEST="jobs/$JOB/photos"
mkdir -p "$DEST"
MANIFEST="$DEST/MANIFEST.sha256"
count=0

while IFS= read -r -d '' src; do
    day="$(shot_date "$src")"
    mkdir -p "$DEST/$day"
    seq=$(printf '%04d' "$(( $(find "$DEST/$day" -maxdepth 1 -type f | wc -l) + 1 ))")
    ext="${src##*.}"
    target="$DEST/$day/${JOB}_${day}_${seq}.${ext,,}"
    cp --preserve=timestamps "$src" "$target"
    (cd "$DEST" && sha256sum "${target#"$DEST"/}") >> "$MANIFEST"
    count=$((count + 1))
done < <(find "$MNT/DCIM" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.cr2' -o -iname '*.nef' \) -print0)

log "imported $count photo(s) into $DEST"
if [[ "$count" -gt 0 ]]; then
    log "card left untouched (mounted read-only); wipe it in the camera once checked"
fi
