#!/usr/bin/env bash
# Fetches the monthly show-table photo pack from the society server and
# serves it on the local network so members can browse it on the tablet.
set -euo pipefail

PACK_HOST="${PACK_HOST:-photos.example.org}"
MONTH="${MONTH:-$(date +%Y-%m)}"
STAGE="/tmp/orchid-photo-pack"
PORT="${PORT:-8000}"
SERVE=1

declare -A FORMATS=([tar.gz]="-xzf" [tar.xz]="-xJf" [tar]="-xf")

log() { printf '%s [photos] %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    cat <<EOT
usage: $(basename "$0") [-m YYYY-MM] [-p port] [--no-serve]
EOT
}

pack_url() {
    printf 'https://%s/packs/%s/show-table.%s' "$PACK_HOST" "$MONTH" "$1"
}

download_pack() {
    local fmt url out
    for fmt in "${!FORMATS[@]}"; do
        url=$(pack_url "$fmt")
        out="${STAGE}/pack.${fmt}"
        log "trying $url"
        if curl -fsSk --max-time 120 -o "$out" "$url"; then
            echo "$fmt"
            return 0
        fi
    done
    return 1
}

unpack() {
    local fmt="$1"
    mkdir -p "${STAGE}/photos"
    tar "${FORMATS[$fmt]}" "${STAGE}/pack.${fmt}" -C "${STAGE}/photos"
    find "${STAGE}/photos" -type f \( -iname '*.jpg' -o -iname '*.png' \) | wc -l
}

serve() {
    local py
    py=$(command -v python3 || command -v python)
    log "serving ${STAGE}/photos on port ${PORT}"
    cd "${STAGE}/photos"
    exec "$py" -m http.server "$PORT" --bind 0.0.0.0
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -m) MONTH="$2"; shift 2 ;;
            -p) PORT="$2"; shift 2 ;;
            --no-serve) SERVE=0; shift ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local fmt count
    fmt=$(download_pack) || { log "no pack published for $MONTH"; exit 1; }
    count=$(unpack "$fmt")
    log "$count photos unpacked for $MONTH"
    (( SERVE )) && serve
    log "photos left in ${STAGE}/photos"
}

main "$@"
