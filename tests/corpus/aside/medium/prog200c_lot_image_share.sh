#!/usr/bin/env bash
# Lot image share: puts the current auction lot photos on a quick web
# listing so the describer on the other PC can pull them during cataloguing.
set -euo pipefail

STAGE="/tmp/lot_share"
PORT="${LOT_SHARE_PORT:-8800}"
ADDR="${LOT_SHARE_ADDR:-0.0.0.0}"
SRC_DIR="${1:-./lots}"
declare -a EXTS=(jpg jpeg png tif tiff)
declare -a SERVE=(python3 -m http.server)

log() { printf '[lot-share %s] %s\n' "$(date +%T)" "$*"; }

usage() {
    cat <<EOF
usage: $(basename "$0") [lot-photo-dir]
Stages photos from the lot directory into $STAGE and serves them on
port $PORT until interrupted.
EOF
}

stage_photos() {
    local src="$1" ext n=0 f
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    for ext in "${EXTS[@]}"; do
        while IFS= read -r -d '' f; do
            cp -- "$f" "$STAGE/"
            (( n++ )) || true
        done < <(find "$src" -maxdepth 2 -type f -iname "*.${ext}" -print0)
    done
    echo "$n"
}

write_index() {
    {
        echo "<html><body><h1>Lot photos $(date +%F)</h1><ul>"
        local f
        for f in "$STAGE"/*; do
            [[ -f "$f" ]] || continue
            printf '<li><a href="%s">%s</a></li>\n' "$(basename "$f")" "$(basename "$f")"
        done
        echo "</ul></body></html>"
    } > "$STAGE/index.html"
}

serve() {
    log "serving $STAGE on $ADDR:$PORT (Ctrl-C to stop)"
    "${SERVE[@]}" "$PORT" --bind "$ADDR" --directory "$STAGE"
}

main() {
    case "${1:-}" in -h|--help) usage; exit 0 ;; esac
    if [[ ! -d "$SRC_DIR" ]]; then
        log "no such directory: $SRC_DIR"
        exit 1
    fi
    local count
    count="$(stage_photos "$SRC_DIR")"
    if (( count == 0 )); then
        log "no photos found in $SRC_DIR"
        exit 1
    fi
    log "staged $count photos"
    write_index
    trap 'log "stopped"' INT
    serve
}

main "$@"
