#!/bin/bash
# listing_photo_share_sync.sh
#
# Photographers upload shoot folders to the brokerage NAS (\\nas01\listings).
# This pulls any new shoot folders for active listings into ./photos so the
# listing importer can resize and attach them.
#
# Config is read from ./photo_sync.env:
#   NAS_SHARE=//nas01.office.lan/listings
#   NAS_CREDS=$HOME/.config/photo-sync/nas.cred   (username=/password= lines)
#   ACTIVE_LISTINGS=./active_listings.txt         (one MLS number per line)

set -uo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ENV_FILE="${1:-$HERE/photo_sync.env}"
DEST="$HERE/photos"
MNT="$HERE/.nas"
LOG="$HERE/photo_sync.log"

exec > >(tee -a "$LOG") 2>&1
echo "=== photo sync $(date '+%F %T') ==="

if [[ ! -f "$ENV_FILE" ]]; then
    echo "missing $ENV_FILE" >&2
    exit 1
fi
# shellcheck disable=SC1090
source "$ENV_FILE"
: "${NAS_SHARE:?NAS_SHARE not set}"
: "${NAS_CREDS:?NAS_CREDS not set}"
ACTIVE_LISTINGS="${ACTIVE_LISTINGS:-$HERE/active_listings.txt}"

mkdir -p "$DEST" "$MNT"

cleanup() {
    if mountpoint -q "$MNT"; then
        sudo umount "$MNT" || sudo umount -l "$MNT"
    fi
}
trap cleanup EXIT

attach_share() {
    local tries=0
    until mountpoint -q "$MNT"; do
        tries=$((tries + 1))
        sudo mount -t cifs "$NAS_SHARE" "$MNT" \
            -o "ro,credentials=$NAS_CREDS,uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8" \
            && break
        if (( tries >= 3 )); then
            echo "could not attach $NAS_SHARE after $tries attempts" >&2
            return 1
        fi
        sleep $((tries * 10))
    done
    echo "attached $NAS_SHARE"
}

sync_listing() {
    local mls="$1" src
    src=$(find "$MNT" -maxdepth 2 -type d -iname "*${mls}*" -print -quit)
    if [[ -z "$src" ]]; then
        echo "  $mls: no shoot folder yet"
        return 0
    fi
    mkdir -p "$DEST/$mls"
    rsync -rt --ignore-existing --prune-empty-dirs \
        --include='*/' --include='*.jpg' --include='*.JPG' --include='*.jpeg' \
        --include='*.png' --exclude='*' \
        "$src/" "$DEST/$mls/"
    echo "  $mls: $(find "$DEST/$mls" -type f | wc -l) photos"
}

attach_share || exit 1

count=0
while read -r mls _; do
    [[ -z "$mls" || "$mls" == \#* ]] && continue
    sync_listing "$mls"
    count=$((count + 1))
done < "$ACTIVE_LISTINGS"

echo "checked $count active listings"
