#!/usr/bin/env bash
# drone_sd_card_copy.sh - pull survey frames off the drone's microSD card
# into a per-job folder, checksum them and write a manifest for the uploader.
#
# usage: drone_sd_card_copy.sh -j JOB_REF [-s /media/$USER/CARD]
#   -j  job reference (folder name under ./surveys)
#   -s  where the desktop has already opened the card,
#       default: first folder under /media/$USER or /run/media/$USER with DCIM

set -Eeuo pipefail

JOB=""
SOURCE=""
DEST_ROOT="${PWD}/surveys"

log()  { echo "$(date +%T) $*"; }
fail() { log "error: $*" >&2; exit 1; }

while getopts ":j:s:h" o; do
    case "$o" in
        j) JOB=$OPTARG ;;
        s) SOURCE=$OPTARG ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) fail "bad option -$OPTARG" ;;
    esac
done
[ -n "$JOB" ] || fail "job reference required (-j)"

find_card() {
    local base
    for base in "/media/${USER:-$(id -un)}" "/run/media/${USER:-$(id -un)}"; do
        [ -d "$base" ] || continue
        for d in "$base"/*; do
            if [ -d "$d/DCIM" ]; then
                echo "$d"
                return
            fi
        done
    done
}

copy_frames() {
    local src="$SOURCE/DCIM" dest="$DEST_ROOT/$JOB"
    [ -d "$src" ] || fail "no DCIM folder under $SOURCE"
    mkdir -p "$dest"
    local n=0
    while IFS= read -r -d '' f; do
        cp -n --preserve=timestamps "$f" "$dest/"
        n=$((n + 1))
    done < <(find "$src" -type f \( -iname '*.jpg' -o -iname '*.dng' -o -iname '*.srt' \) -print0)
    log "copied $n files to $dest"
    (cd "$dest" && sha256sum -- * > MANIFEST.sha256)
    log "manifest written"
}

[ -n "$SOURCE" ] || SOURCE=$(find_card)
[ -n "$SOURCE" ] || fail "no card found - open it in the file manager or pass -s"
[ -d "$SOURCE" ] || fail "$SOURCE is not a folder"

log "reading card at $SOURCE"
copy_frames
log "done - run the uploader with --job $JOB"
