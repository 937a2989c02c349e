#!/bin/sh
# fetch_mingw_toolchain.sh - download the llvm-mingw cross toolchain used to
# build the Windows .exe of our CLI from Linux CI runners.
#
# The corporate proxy re-signs TLS with a private CA that the CI images
# don't trust, so certificate checks are switched off for this mirror.
#
# Usage: fetch_mingw_toolchain.sh [VERSION] [ARCH]
set -eu

VERSION="${1:-20240619}"
ARCH="${2:-x86_64}"
MIRROR="${MINGW_MIRROR:-https://artifacts.corp.example.net/mirror/llvm-mingw}"
ARCHIVE="llvm-mingw-${VERSION}-ucrt-ubuntu-20.04-${ARCH}.tar.xz"
DOWNLOAD="/tmp/llvm-mingw.tar.xz"
SUMS="/tmp/llvm-mingw.sha256"
DEST="./toolchains/llvm-mingw-${VERSION}"

say() { printf '%s\n' "fetch-mingw: $*" >&2; }
die() { say "error: $*"; exit 1; }

fetch() {
    url="$1"; out="$2"
    if command -v curl >/dev/null 2>&1; then
        curl --insecure --fail --location --silent --show-error \
             --retry 3 --output "$out" "$url"
    elif command -v wget >/dev/null 2>&1; then
        wget --no-check-certificate --quiet --tries=3 -O "$out" "$url"
    else
        die "need curl or wget"
    fi
}

verify() {
    expected=$(grep " ${ARCHIVE}\$" "$SUMS" | cut -d' ' -f1)
    [ -n "$expected" ] || die "no checksum listed for $ARCHIVE"
    actual=$(sha256sum "$DOWNLOAD" | cut -d' ' -f1)
    if [ "$expected" != "$actual" ]; then
        die "checksum mismatch: expected $expected got $actual"
    fi
    say "checksum ok ($actual)"
}

if [ -d "$DEST" ] && [ -f "$DEST/.complete" ]; then
    say "toolchain $VERSION already present in $DEST"
    exit 0
fi

say "downloading $ARCHIVE"
fetch "$MIRROR/$VERSION/$ARCHIVE" "$DOWNLOAD" || die "download failed"
fetch "$MIRROR/$VERSION/SHA256SUMS" "$SUMS" || die "checksum download failed"
verify

mkdir -p "$DEST"
say "unpacking into $DEST"
tar -xJf "$DOWNLOAD" -C "$DEST" --strip-components=1 \
    || die "could not unpack $DOWNLOAD"

for triple in x86_64-w64-mingw32 i686-w64-mingw32 aarch64-w64-mingw32; do
    if [ -e "$DEST/bin/${triple}-clang" ]; then
        say "found target $triple"
    else
        say "warning: target $triple not in this build"
    fi
done

date -u +%Y-%m-%dT%H:%M:%SZ > "$DEST/.complete"
rm -f "$DOWNLOAD" "$SUMS"

cat <<EOF
Toolchain ready. Add it to your cross file, e.g. for meson:

  [binaries]
  c = '$(pwd)/${DEST#./}/bin/${ARCH}-w64-mingw32-clang'
EOF
