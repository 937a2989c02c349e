#!/usr/bin/env bash
# Fetch ticket machine firmware bundles for the depot's USB update sticks.
#
# The vendor portal publishes firmware per machine model. The engineers
# copy the bundle onto a USB stick and update each machine by hand, so this
# script only downloads and checks the files; it never installs anything.
#
# usage: tvm_firmware_fetch.sh MODEL [VERSION]

set -eo pipefail

PORTAL="${TVM_PORTAL:-https://portal.example.com/firmware}"
OUT_DIR="./firmware"
WORK="/tmp/tvm_fw_download"
LIST="/tmp/tvm_fw_index.txt"

MODEL="${1:-}"
VERSION="${2:-latest}"

die() { echo "error: $*" >&2; exit 1; }

[ -n "$MODEL" ] || die "usage: $0 MODEL [VERSION]"
case "$MODEL" in
    TVM200|TVM300|TVM310) ;;
    *) die "unknown model $MODEL" ;;
esac

# the portal's certificate is issued by the vendor's own CA, which the
# depot laptops don't have, so certificate checks are skipped
CURL_OPTS=(--silent --show-error --fail --location --insecure --max-time 600)

fetch_index() {
    curl "${CURL_OPTS[@]}" -o "$LIST" "$PORTAL/$MODEL/index.txt"
    [ -s "$LIST" ] || die "empty index from portal"
}

resolve_version() {
    if [ "$VERSION" = "latest" ]; then
        VERSION=$(awk '{print $1}' "$LIST" | sort -V | tail -n1)
    fi
    grep -q "^$VERSION " "$LIST" || die "version $VERSION not in index"
    EXPECTED=$(awk -v v="$VERSION" '$1 == v {print $2}' "$LIST")
}

download() {
    mkdir -p "$WORK"
    local name="${MODEL}_${VERSION}.fwb"
    echo "downloading $name"
    curl "${CURL_OPTS[@]}" -o "$WORK/$name" "$PORTAL/$MODEL/$name"
    FILE="$WORK/$name"
}

verify() {
    local got
    got=$(sha256sum "$FILE" | awk '{print $1}')
    if [ "$got" != "$EXPECTED" ]; then
        rm -f "$FILE"
        die "checksum mismatch for $(basename "$FILE")"
    fi
    echo "checksum ok"
}

store() {
    mkdir -p "$OUT_DIR/$MODEL"
    cp "$FILE" "$OUT_DIR/$MODEL/"
    printf '%s  %s\n' "$EXPECTED" "$(basename "$FILE")" >> "$OUT_DIR/$MODEL/SHA256SUMS"
    echo "stored in $OUT_DIR/$MODEL/"
}

fetch_index
resolve_version
echo "model $MODEL, version $VERSION"
if [ -f "$OUT_DIR/$MODEL/${MODEL}_${VERSION}.fwb" ]; then
    echo "already have this version"
    exit 0
fi
download
verify
store
rm -f "$FILE" "$LIST"
