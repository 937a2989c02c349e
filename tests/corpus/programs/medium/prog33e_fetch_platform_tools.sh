#!/usr/bin/env bash
# Fetch Android platform-tools and the Xtensa toolchain archive through the
# office mirror and unpack them into ./tools for the project.
#
# The mirror uses a self-signed certificate issued by the office proxy, so
# TLS verification is switched off for it.  Downloads are staged in /tmp so
# that several checkouts on the same build box share them.
set -eu

MIRROR="${MIRROR:-https://mirror.build.lan/android}"
STAGE="/tmp/sdk-stage"
TOOLS_DIR="${TOOLS_DIR:-./tools}"
PLATFORM="linux"
FORCE=0

declare -A ARCHIVES=(
    [platform-tools]="platform-tools_r35.0.2-${PLATFORM}.zip"
    [build-tools]="build-tools_r34-${PLATFORM}.zip"
    [xtensa]="xtensa-esp32s3-elf-13.2.0-x86_64-linux-gnu.tar.xz"
)

say() { echo "==> $*"; }
die() { echo "error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -f|--force) FORCE=1 ;;
        -m|--mirror) MIRROR="$2"; shift ;;
        -o|--out) TOOLS_DIR="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [--force] [--mirror URL] [--out DIR]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
    shift
done

command -v curl >/dev/null || die "curl is required"
command -v unzip >/dev/null || die "unzip is required"

mkdir -p "$STAGE" "$TOOLS_DIR"

fetch() {
    local name="$1" file="$2"
    local dest="$STAGE/$file"
    if [ -s "$dest" ] && [ "$FORCE" -eq 0 ]; then
        say "$name: using cached $dest"
        return 0
    fi
    say "$name: downloading $file"
    curl --insecure --fail --location --retry 3 --connect-timeout 15 \
         -o "$dest.partial" "$MIRROR/$file" || return 1
    curl -k -fsS "$MIRROR/$file.sha256" -o "$dest.sha256" || return 1
    expected=$(cut -d' ' -f1 < "$dest.sha256")
    actual=$(sha256sum "$dest.partial" | cut -d' ' -f1)
    if [ "$expected" != "$actual" ]; then
        rm -f "$dest.partial"
        echo "$name: checksum mismatch" >&2
        return 1
    fi
    mv "$dest.partial" "$dest"
}

unpack() {
    local name="$1" file="$2"
    local target="$TOOLS_DIR/$name"
    rm -rf "${target:?}"
    mkdir -p "$target"
    case "$file" in
        *.zip) unzip -q -o "$STAGE/$file" -d "$target" ;;
        *.tar.xz) tar -xJf "$STAGE/$file" -C "$target" --no-same-owner ;;
        *) die "don't know how to unpack $file" ;;
    esac
    say "$name: unpacked into $target"
}

failed=0
for name in "${!ARCHIVES[@]}"; do
    file="${ARCHIVES[$name]}"
    if fetch "$name" "$file"; then
        unpack "$name" "$file"
    else
        failed=$((failed + 1))
    fi
done

cat > "$TOOLS_DIR/env.sh" <<EOF
# source this file to put the project tools on PATH
export ANDROID_SDK_ROOT="\$(cd "\$(dirname "\${BASH_SOURCE[0]}")" && pwd)"
export PATH="\$ANDROID_SDK_ROOT/platform-tools/platform-tools:\$ANDROID_SDK_ROOT/xtensa/xtensa-esp32s3-elf/bin:\$PATH"
EOF

if [ "$failed" -gt 0 ]; then
    die "$failed archive(s) failed"
fi
say "tools ready; run: source $TOOLS_DIR/env.sh"
