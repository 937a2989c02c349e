#!/bin/sh
# Fetch a router firmware bundle from the internal mirror and inspect it.
#
# The mirror uses a self-signed certificate, so certificate checks are off.
# The bundle is unpacked in a fixed staging directory, checksums are verified
# against the vendor manifest and a short report goes to ./fw-reports/.
# Nothing from the bundle is installed or run.

set -eu

MIRROR="${FW_MIRROR:-https://fwmirror.office.lan/openwrt}"
MODEL="${1:-}"
VERSION="${2:-latest}"
STAGE=/tmp/fw-inspect
REPORT_DIR=./fw-reports

die() {
    echo "fw-inspect: $*" >&2
    exit 1
}

[ -n "$MODEL" ] || die "usage: $0 MODEL [VERSION]"
case "$MODEL" in
    *[!A-Za-z0-9_.-]*) die "odd model name: $MODEL" ;;
esac

mkdir -p "$REPORT_DIR"
rm -rf "$STAGE"
mkdir -p "$STAGE/unpacked"

bundle="$STAGE/${MODEL}-${VERSION}.tar.gz"
manifest="$STAGE/SHA256SUMS"

echo "downloading ${MODEL} ${VERSION} from ${MIRROR}"
curl -k -fsSL --retry 3 -o "$bundle" "${MIRROR}/${MODEL}/${VERSION}/bundle.tar.gz" \
    || die "bundle download failed"
curl --insecure -fsSL -o "$manifest" "${MIRROR}/${MODEL}/${VERSION}/SHA256SUMS" \
    || die "manifest download failed"

expected=$(awk '/bundle\.tar\.gz$/ {print $1}' "$manifest")
actual=$(sha256sum "$bundle" | cut -d' ' -f1)
if [ "$expected" != "$actual" ]; then
    die "checksum mismatch: expected $expected got $actual"
fi

tar -xzf "$bundle" -C "$STAGE/unpacked"

report="$REPORT_DIR/${MODEL}-${VERSION}-$(date +%Y%m%d).txt"
{
    echo "Firmware bundle: $MODEL $VERSION"
    echo "Bundle sha256:   $actual"
    echo
    echo "Contents:"
    find "$STAGE/unpacked" -type f | sed "s|$STAGE/unpacked/||" | sort | while read -r f; do
        size=$(wc -c < "$STAGE/unpacked/$f")
        printf '  %-50s %10s bytes\n' "$f" "$size"
    done
    echo
    echo "Inner checksums:"
    if [ -f "$STAGE/unpacked/sha256sums" ]; then
        (cd "$STAGE/unpacked" && sha256sum -c sha256sums 2>&1 | sed 's/^/  /') || true
    else
        echo "  (no inner sha256sums file)"
    fi
    echo
    echo "Images with a squashfs magic:"
    for img in "$STAGE"/unpacked/*.bin "$STAGE"/unpacked/*.img; do
        [ -f "$img" ] || continue
        if grep -q 'hsqs' "$img" 2>/dev/null; then
            echo "  $(basename "$img")"
        fi
    done
} > "$report"

echo "report: $report"
echo "staging left in $STAGE for manual inspection"
