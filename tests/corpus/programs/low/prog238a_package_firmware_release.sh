#!/usr/bin/env bash
# package_firmware_release.sh - bundle a built PLC firmware image for release.
#
# Run from the firmware repository root after `make`. Collects the image,
# the parameter set and the release notes from ./build, writes a checksum
# manifest, packs everything into ./dist/<name>-<version>.tar.gz and clears
# the local build cache.

set -euo pipefail

SCRIPT_NAME=$(basename "$0")
BUILD_DIR="build"
DIST_DIR="dist"
CACHE_DIR="build/.cache"
PRODUCT="chairlift-plc"
VERSION=""
KEEP_CACHE=0

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$SCRIPT_NAME" "$*"; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME -v VERSION [-p PRODUCT] [-k]
  -v VERSION   release version, e.g. 4.2.1
  -p PRODUCT   product name (default: $PRODUCT)
  -k           keep the build cache
EOF
}

while getopts ":v:p:kh" opt; do
    case "$opt" in
        v) VERSION="$OPTARG" ;;
        p) PRODUCT="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$VERSION" ]] || { usage; die "version is required"; }
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "version must be X.Y.Z"
[[ -d "$BUILD_DIR" ]] || die "no $BUILD_DIR directory; run make first"

check_inputs() {
    local missing=0
    for f in "$BUILD_DIR/firmware.bin" "$BUILD_DIR/parameters.xml" "$BUILD_DIR/RELEASE_NOTES.md"; do
        if [[ ! -s "$f" ]]; then
            log "missing or empty: $f"
            missing=1
        fi
    done
    return "$missing"
}

write_manifest() {
    local stage="$1"
    (
        cd "$stage"
        sha256sum firmware.bin parameters.xml RELEASE_NOTES.md > SHA256SUMS
        {
            echo "product=$PRODUCT"
            echo "version=$VERSION"
            echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
            echo "size_bytes=$(stat -c %s firmware.bin)"
        } > MANIFEST
    )
    log "manifest written"
}

check_inputs || die "build output incomplete"

name="${PRODUCT}-${VERSION}"
stage="$DIST_DIR/$name"
mkdir -p "$stage"

cp "$BUILD_DIR/firmware.bin" "$BUILD_DIR/parameters.xml" "$BUILD_DIR/RELEASE_NOTES.md" "$stage/"
write_manifest "$stage"

tar -C "$DIST_DIR" -czf "$DIST_DIR/$name.tar.gz" "$name"
sha256sum "$DIST_DIR/$name.tar.gz" > "$DIST_DIR/$name.tar.gz.sha256"
log "packed $DIST_DIR/$name.tar.gz"

rm -r -- "$stage"

if [[ "$KEEP_CACHE" -eq 0 && -d "$CACHE_DIR" ]]; then
    rm -rf -- build/.cache
    log "cleared build cache"
fi

log "release $name ready"
