#!/usr/bin/env bash
# Fetch the ClearView X-ray viewer bundle for the operatory PCs.
#
# Reads the release channel manifest, downloads the viewer bundle, checks
# its SHA-256 and unpacks it under ./vendor/clearview. Release notes are
# saved next to the bundle so the office manager can review them.
#
# Usage: ./prog78a_xray_viewer_fetch.sh [-c channel] [-p prefix] [-f]

set -euo pipefail

CHANNEL="${CLEARVIEW_CHANNEL:-stable}"
PREFIX="./vendor/clearview"
FORCE=0
RELEASES_URL="${CLEARVIEW_RELEASES:-https://downloads.clearview-imaging.example.com/releases}"
CACHE_DIR="./.cache/clearview"
LOG_FILE="./clearview-fetch.log"

log()  { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
die()  { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":c:p:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        p) PREFIX="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

for tool in curl sha256sum tar python3; do
    command -v "$tool" >/dev/null 2>&1 || die "missing required tool: $tool"
done

mkdir -p "$CACHE_DIR" "$PREFIX"

fetch() {
    # fetch <url> <dest>; curl handles the retries against the vendor CDN
    local url="$1" dest="$2"
    if curl -fsSL --retry 4 --retry-delay 3 --max-time 300 -o "$dest.part" "$url"; then
        mv "$dest.part" "$dest"
        return 0
    fi
    rm -f "$dest.part"
    return 1
}

manifest_field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], ""))' \
        "$CACHE_DIR/manifest.json" "$1"
}

log INFO "checking channel '$CHANNEL'"
fetch "$RELEASES_URL/$CHANNEL/manifest.json" "$CACHE_DIR/manifest.json" \
    || die "could not fetch release manifest"

VERSION="$(manifest_field version)"
BUNDLE="$(manifest_field bundle)"
SHA256="$(manifest_field sha256)"
NOTES="$(manifest_field release_notes)"
[ -n "$VERSION" ] && [ -n "$BUNDLE" ] || die "manifest is missing version/bundle"

if [ -f "$PREFIX/VERSION" ] && [ "$(cat "$PREFIX/VERSION")" = "$VERSION" ] && [ "$FORCE" -eq 0 ]; then
    log INFO "ClearView $VERSION already present in $PREFIX"
    exit 0
fi

archive="$CACHE_DIR/clearview-$VERSION.tar.gz"
if [ ! -f "$archive" ]; then
    log INFO "downloading ClearView $VERSION"
    fetch "$RELEASES_URL/$CHANNEL/$BUNDLE" "$archive" || die "bundle download failed"
fi

if [ -n "$SHA256" ]; then
    echo "$SHA256  $archive" | sha256sum -c --status || die "checksum mismatch for $archive"
    log INFO "checksum ok"
fi

staging="$CACHE_DIR/staging"
rm -rf "$staging"
mkdir -p "$staging"
tar -xzf "$archive" -C "$staging" --no-same-owner
rm -rf "$PREFIX.old"
[ -d "$PREFIX" ] && mv "$PREFIX" "$PREFIX.old"
mv "$staging" "$PREFIX"
echo "$VERSION" > "$PREFIX/VERSION"

if [ -n "$NOTES" ]; then
    notes_file="$PREFIX/RELEASE_NOTES-$VERSION.txt"
    if fetch "$NOTES" "$notes_file"; then
        log INFO "release notes saved to $notes_file"
    else
        log WARN "release notes unavailable"
    fi
fi

rm -rf "$PREFIX.old"
log INFO "ClearView $VERSION unpacked in $PREFIX"
