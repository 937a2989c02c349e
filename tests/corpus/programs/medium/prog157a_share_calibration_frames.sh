#!/usr/bin/env bash
# Fetch this month's master calibration frames (darks, flats, bias) from
# the society file server and share them on the warm-room network so
# members can pull them straight into their stacking software.
set -euo pipefail

SERVER="${CAL_SERVER:-https://files.example.org/calibration}"
MONTH="${1:-$(date +%Y-%m)}"
STAGE="/tmp/calframes"
ARCHIVE="/tmp/calframes_${MONTH}.tar.gz"
PORT="${CAL_PORT:-8000}"
LOG="./calframes.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

fetch() {
    local url="$SERVER/masters_${MONTH}.tar.gz"
    log "downloading $url"
    # the file server still has the old self-signed certificate
    if ! curl -fsSk --retry 3 -o "$ARCHIVE" "$url"; then
        log "download failed"
        return 1
    fi
    log "saved $(du -h "$ARCHIVE" | cut -f1)"
}

unpack() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$ARCHIVE" -C "$STAGE"
    chmod -R a+rX "$STAGE"
    local n
    n=$(find "$STAGE" -type f \( -name '*.fits' -o -name '*.xisf' \) | wc -l)
    log "unpacked $n frames into $STAGE"
}

index_page() {
    {
        echo "<html><body><h2>Calibration masters $MONTH</h2><ul>"
        (cd "$STAGE" && find . -type f | sort | sed 's|^\./||') | while read -r f; do
            echo "<li><a href=\"$f\">$f</a></li>"
        done
        echo "</ul></body></html>"
    } > "$STAGE/index.html"
}

serve() {
    log "sharing $STAGE on port $PORT (Ctrl-C to stop)"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$STAGE"
}

main() {
    if [[ ! "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]]; then
        echo "usage: $0 [YYYY-MM]" >&2
        exit 2
    fi
    if [ -f "$ARCHIVE" ] && [ "${REFRESH:-0}" != "1" ]; then
        log "using cached $ARCHIVE"
    else
        fetch
    fi
    unpack
    index_page
    serve
}

main "$@"
