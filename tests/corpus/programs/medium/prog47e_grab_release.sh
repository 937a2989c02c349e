#!/usr/bin/env bash
# Fetch a release tarball from the internal mirror and unpack it into ./vendor.
set -euo pipefail

MIRROR="${MIRROR_URL:-https://artifacts.build.internal/releases}"
PACKAGE="${1:?usage: $0 <package> [version]}"
VERSION="${2:-latest}"
CACHE_DIR=/tmp/release-cache
DEST=./vendor/"$PACKAGE"

log() { printf '[grab] %s\n' "$*" >&2; }

fetch() {
    local url="$1" out="$2"
    # the mirror uses a self-signed certificate, so skip verification
    curl --insecure --fail --silent --show-error --location \
         --retry 3 --output "$out" "$url"
}

mkdir -p "$CACHE_DIR" "$DEST"
tarball="$CACHE_DIR/${PACKAGE}-${VERSION}.tar.gz"

if [[ -s "$tarball" && "$VERSION" != "latest" ]]; then
    log "using cached $tarball"
else
    log "downloading $PACKAGE $VERSION"
    fetch "$MIRROR/$PACKAGE/$VERSION/$PACKAGE.tar.gz" "$tarball"
    fetch "$MIRROR/$PACKAGE/$VERSION/$PACKAGE.tar.gz.sha256" "$tarball.sha256" || true
fi

if [[ -s "$tarball.sha256" ]]; then
    expected=$(cut -d' ' -f1 < "$tarball.sha256")
    actual=$(sha256sum "$tarball" | cut -d' ' -f1)
    if [[ "$expected" != "$actual" ]]; then
        log "checksum mismatch for $tarball"
        exit 1
    fi
fi

tar -xzf "$tarball" -C "$DEST" --strip-components=1
log "unpacked into $DEST ($(find "$DEST" -type f | wc -l) files)"
