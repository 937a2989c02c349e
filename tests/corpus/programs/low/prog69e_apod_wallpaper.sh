#!/usr/bin/env bash
# apod-wall - set NASA's Astronomy Picture of the Day as the wallpaper.
#
# Run it from your WM autostart or a keybinding. Images are kept in
# ./wallpapers (or $APOD_DIR) so you can go back to older ones; days on which
# the APOD is a video fall back to the newest image already downloaded.
#
#   NASA_API_KEY=... apod-wall.sh
#   apod-wall.sh --date 2024-01-15 --mode fit
set -euo pipefail

API="https://api.nasa.gov/planetary/apod"
API_KEY="${NASA_API_KEY:-DEMO_KEY}"
OUT_DIR="${APOD_DIR:-./wallpapers}"
DATE=""
MODE="fill"
QUIET=0

log() { (( QUIET )) || echo "apod-wall: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --date) DATE="$2"; shift 2 ;;
        --mode) MODE="$2"; shift 2 ;;
        -q|--quiet) QUIET=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

for tool in curl jq; do
    command -v "$tool" >/dev/null || { echo "apod-wall: $tool is required" >&2; exit 1; }
done
mkdir -p "$OUT_DIR"

fetch_metadata() {
    local query="api_key=$API_KEY&thumbs=true"
    [[ -n "$DATE" ]] && query+="&date=$DATE"
    curl --fail --silent --show-error --max-time 30 --retry 2 "$API?$query"
}

download() {
    local url="$1" dest="$2"
    [[ -s "$dest" ]] && { log "already have $(basename "$dest")"; return 0; }
    log "downloading $url"
    curl --fail --silent --show-error --location --max-time 120 -o "$dest.part" "$url"
    mv "$dest.part" "$dest"
}

set_wallpaper() {
    local img="$1" gnome_opt
    case "$MODE" in
        fill) gnome_opt=zoom ;;
        fit) gnome_opt=scaled ;;
        center) gnome_opt=centered ;;
        tile) gnome_opt=wallpaper ;;
        *) gnome_opt=zoom ;;
    esac
    case "${XDG_CURRENT_DESKTOP:-}" in
        *GNOME*|*Unity*|*Budgie*)
            gsettings set org.gnome.desktop.background picture-uri "file://$img"
            gsettings set org.gnome.desktop.background picture-uri-dark "file://$img"
            gsettings set org.gnome.desktop.background picture-options "$gnome_opt"
            return ;;
    esac
    if [[ -n "${SWAYSOCK:-}" ]]; then
        swaymsg output '*' bg "$img" "$MODE" >/dev/null
    elif command -v feh >/dev/null; then
        feh --no-fehbg --bg-"$MODE" "$img"
    else
        log "no supported way to set the wallpaper; image is at $img"
        return 1
    fi
}

meta=$(fetch_metadata) || { log "APOD API request failed"; exit 1; }
media=$(jq -r '.media_type' <<<"$meta")
day=$(jq -r '.date' <<<"$meta")
title=$(jq -r '.title' <<<"$meta")

if [[ "$media" == "image" ]]; then
    url=$(jq -r '.hdurl // .url' <<<"$meta")
    ext="${url##*.}"; ext="${ext%%\?*}"
    img="$(realpath "$OUT_DIR")/apod-$day.${ext,,}"
    download "$url" "$img"
    jq -r '"\(.title)\n\n\(.explanation)\n\n\(.copyright // "public domain")"' \
        <<<"$meta" >"${img%.*}.txt"
else
    log "APOD for $day is a $media, using the newest saved image"
    img=$(ls -1t "$OUT_DIR"/apod-*.{jpg,jpeg,png} 2>/dev/null | head -n1 || true)
    [[ -n "$img" ]] || { log "nothing downloaded yet"; exit 0; }
    img=$(realpath "$img")
fi

set_wallpaper "$img"
log "wallpaper: $title ($day)"
