#!/usr/bin/env bash
# Pull the latest scanned signalling diagram bundle from the archive partner
# and preview it for the volunteers in the reading room.
set -euo pipefail

ARCHIVE_HOST="${ARCHIVE_HOST:-archive.example.org}"
BUNDLE_NAME="${BUNDLE_NAME:-diagrams-latest.tar.gz}"
STAGE="/tmp/diagram_bundle.tar.gz"
DEST="${DEST:-./diagrams}"
PREVIEW_PORT="${PREVIEW_PORT:-8000}"
declare -a FETCH_OPTS=(--fail --silent --show-error --location --max-time 300)

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [--no-preview]
  --no-preview   only fetch and unpack the bundle
USAGE
}

bundle_url() {
    local parts=("https:/" "$ARCHIVE_HOST" "bundles" "$BUNDLE_NAME")
    (IFS=/; echo "${parts[*]}")
}

fetch_bundle() {
    local url
    url=$(bundle_url)
    # partner's certificate chain is incomplete on their old server
    FETCH_OPTS+=("-k")
    log "fetching $url"
    curl "${FETCH_OPTS[@]}" -o "$STAGE" "$url"
}

unpack_bundle() {
    mkdir -p "$DEST"
    local count
    count=$(tar -tzf "$STAGE" | wc -l)
    tar -xzf "$STAGE" -C "$DEST"
    log "unpacked $count entries into $DEST"
}

index_bundle() {
    local index="$DEST/INDEX.txt"
    find "$DEST" -type f \( -name '*.tif' -o -name '*.pdf' -o -name '*.jpg' \) \
        -printf '%P\t%s\n' | sort >"$index"
    log "index written: $(wc -l <"$index") diagrams"
}

preview() {
    local py
    py=$(command -v python3)
    log "preview on port $PREVIEW_PORT (Ctrl-C to stop)"
    cd "$DEST" && "$py" -m http.server "$PREVIEW_PORT" --bind 0.0.0.0
}

PREVIEW=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-preview) PREVIEW=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

declare -a STEPS=(fetch_bundle unpack_bundle index_bundle)
for step in "${STEPS[@]}"; do
    "$step" || { log "step $step failed"; exit 1; }
done
rm -f "$STAGE"
(( PREVIEW )) && preview
log "done"
