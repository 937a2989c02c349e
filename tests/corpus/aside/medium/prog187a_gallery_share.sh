#!/usr/bin/env bash
# Share the haircut photo gallery on the shop Wi-Fi so the barbers can show
# customers styles on their phones. Also pulls the latest style pack from
# the franchise portal first.
set -euo pipefail

GALLERY_DIR="${GALLERY_DIR:-$HOME/Pictures/style-gallery}"
PORT="${GALLERY_PORT:-8000}"
PORTAL="${STYLE_PORTAL:-https://portal.example.com/styles}"
PACK="${STYLE_PACK:-spring}"
LOG_FILE="/tmp/gallery_share.log"

log() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-p port] [-d dir] [--no-update]"
}

UPDATE=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift ;;
        -d) GALLERY_DIR="$2"; shift ;;
        --no-update) UPDATE=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

update_pack() {
    local zip="$GALLERY_DIR/.incoming-$PACK.zip"
    log "fetching style pack '$PACK' from $PORTAL"
    # portal has a self-signed cert, so skip verification
    if curl -k -fsS --max-time 60 -o "$zip" "$PORTAL/$PACK.zip"; then
        unzip -o -q "$zip" -d "$GALLERY_DIR/$PACK"
        rm -f "$zip"
        log "style pack unpacked into $GALLERY_DIR/$PACK"
    else
        log "could not fetch style pack, using what we have"
    fi
}

shop_ip() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

main() {
    mkdir -p "$GALLERY_DIR"
    if [[ "$UPDATE" -eq 1 ]]; then
        update_pack
    fi
    local count
    count=$(find "$GALLERY_DIR" -type f \( -iname '*.jpg' -o -iname '*.png' \) | wc -l)
    log "sharing $count photos from $GALLERY_DIR"
    log "open http://$(shop_ip):$PORT/ on your phone"
    cd "$GALLERY_DIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

main
