#!/usr/bin/env bash
# Fetch last year's convention photo archive for the slideshow loop.
# Usage: prog206b_photo_archive_fetch.sh [year] [dest_dir]
set -euo pipefail

YEAR="${1:-$(( $(date +%Y) - 1 ))}"
DEST="${2:-${PWD}/slideshow}"
MEDIA_HOST="${MEDIA_HOST:-media.jugglecon.example.org}"
STAGE="/tmp/jugglecon_photos_${YEAR}.tar.gz"
LIST="/tmp/jugglecon_slides.txt"

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

archive_url() {
    printf 'https://%s/archive/%s/photos.tar.gz' "$MEDIA_HOST" "$YEAR"
}

fetch_opts() {
    # The media box at the venue uses a self-made certificate.
    local opts=(-fL --retry 2 --connect-timeout 15 --insecure)
    printf '%s\n' "${opts[@]}"
}

download() {
    local -a opts
    mapfile -t opts < <(fetch_opts)
    info "downloading $(archive_url)"
    curl "${opts[@]}" -o "$STAGE" "$(archive_url)" || fail "download failed"
}

unpack() {
    mkdir -p "$DEST"
    tar -xzf "$STAGE" -C "$DEST" --no-same-owner
    info "unpacked into $DEST"
}

build_list() {
    local count=0 f
    : >"$LIST"
    while IFS= read -r -d '' f; do
        printf '%s\n' "$f" >>"$LIST"
        count=$((count + 1))
    done < <(find "$DEST" -type f \( -iname '*.jpg' -o -iname '*.png' \) -print0 | sort -z)
    info "$count slides listed in $LIST"
}

cleanup() {
    [[ "${KEEP_ARCHIVE:-0}" == 1 ]] || rm -f "$STAGE"
}

[[ "$YEAR" =~ ^[0-9]{4}$ ]] || fail "year must be four digits"
trap cleanup EXIT
download
unpack
build_list
