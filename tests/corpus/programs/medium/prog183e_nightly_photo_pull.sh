#!/usr/bin/env bash
# Pulls the day's intake photos off the flatbed/camera station over FTP
# and files them by ticket number in ./intake_photos.
set -euo pipefail

SCANNER_HOST="${SCANNER_HOST:-192.0.2.15}"
FTP_USER="${FTP_USER:-scanner}"
FTP_PASS="${FTP_PASS:-Scan2019!}"
STAGING="/tmp/pawn_photo_pull"
DEST="./intake_photos"
DAY="${1:-$(date +%Y%m%d)}"

mkdir -p "$STAGING" "$DEST"
rm -f "$STAGING"/*

echo "listing photos for $DAY on $SCANNER_HOST"
listing="$(curl -s --list-only "ftp://${FTP_USER}:${FTP_PASS}@${SCANNER_HOST}/photos/${DAY}/" || true)"

if [[ -z "$listing" ]]; then
    echo "nothing on the scanner for $DAY"
    exit 0
fi

count=0
while read -r name; do
    [[ "$name" == *.jpg || "$name" == *.JPG ]] || continue
    curl -s -o "$STAGING/$name" \
        "ftp://${FTP_USER}:${FTP_PASS}@${SCANNER_HOST}/photos/${DAY}/${name}"
    count=$((count + 1))
done <<< "$listing"
echo "downloaded $count photo(s) to $STAGING"

# file names look like T004512_01.jpg -> ticket T004512
for f in "$STAGING"/*.jpg "$STAGING"/*.JPG; do
    [[ -e "$f" ]] || continue
    base="$(basename "$f")"
    ticket="${base%%_*}"
    mkdir -p "$DEST/$ticket"
    mv "$f" "$DEST/$ticket/$base"
done

echo "photos filed under $DEST"
ls "$DEST" | wc -l | xargs echo "tickets with photos:"
