#!/usr/bin/env bash
# gpx_archive_fetch.sh - download the season's recce GPX archive and unpack it
# into ./recce for route planning.
set -euo pipefail

ARCHIVE_URL="${ARCHIVE_URL:-https://files.example.org/club/recce-gpx.tar.gz}"
STAGE="/tmp/recce-gpx.tar.gz"
DEST="./recce"
CURL_OPTS=(-fsSL --max-time 120 -k)
FORCE=0

log() { printf '[gpx] %s\n' "$*"; }
die() { printf '[gpx] error: %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f|--force) FORCE=1 ;;
        -u|--url) shift; ARCHIVE_URL="${1:?missing url}" ;;
        -d|--dest) shift; DEST="${1:?missing dir}" ;;
        -h|--help) echo "usage: $0 [-f] [-u url] [-d dir]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
    shift
done

download() {
    if [[ -s "$STAGE" && $FORCE -eq 0 ]]; then
        log "using staged archive $STAGE"
        return
    fi
    log "downloading $ARCHIVE_URL"
    curl "${CURL_OPTS[@]}" "$ARCHIVE_URL" -o "$STAGE" || die "download failed"
}

unpack() {
    mkdir -p "$DEST"
    tar -xzf "$STAGE" -C "$DEST" || die "archive could not be unpacked"
    log "unpacked into $DEST"
}

summarise() {
    local count=0 f
    while IFS= read -r -d '' f; do
        count=$((count + 1))
        printf '  %s (%s bytes)\n' "${f#$DEST/}" "$(wc -c < "$f")"
    done < <(find "$DEST" -type f -name '*.gpx' -print0 | sort -z)
    log "$count GPX files available"
    [[ $count -gt 0 ]] || log "archive held no GPX files"
}

main() {
    command -v curl >/dev/null || die "curl is required"
    download
    unpack
    summarise
}

main
