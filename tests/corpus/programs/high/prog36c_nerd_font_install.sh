#!/bin/sh
# install-nerd-fonts.sh - system-wide Nerd Fonts for powerline/starship prompts.
#
# Downloads the selected Nerd Font release archives, verifies them
# against the published SHA-256 list and installs them for all users
# under /usr/local/share/fonts/nerd-fonts, then rebuilds the font cache.
#
# usage: install-nerd-fonts.sh [-v VERSION] [FONT ...]
#        FONT defaults to "JetBrainsMono FiraCode Meslo"
set -eu

NF_VERSION="v3.2.1"
FONT_ROOT="/usr/local/share/fonts/nerd-fonts"
BASE_URL="https://github.com/ryanoasis/nerd-fonts/releases/download"
WORK_DIR=""

cleanup() {
    [ -n "$WORK_DIR" ] && rm -rf "$WORK_DIR"
}
trap cleanup EXIT INT TERM

die() {
    echo "install-nerd-fonts: $*" >&2
    exit 1
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root (sudo not found) to write $FONT_ROOT"
    fi
}

while getopts 'v:h' opt; do
    case $opt in
        v) NF_VERSION=$OPTARG ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- JetBrainsMono FiraCode Meslo

for tool in curl unzip fc-cache sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || die "missing required tool: $tool"
done

WORK_DIR=$(mktemp -d "${TMPDIR:-/tmp}/nerdfonts.XXXXXX")
echo "fetching checksum list for $NF_VERSION"
curl -fsSL --retry 3 -o "$WORK_DIR/SHA-256.txt" "$BASE_URL/$NF_VERSION/SHA-256.txt" \
    || die "could not download checksum list"

installed=0
for font in "$@"; do
    archive="$font.zip"
    echo "==> $font"
    if ! curl -fL --retry 3 --progress-bar -o "$WORK_DIR/$archive" \
        "$BASE_URL/$NF_VERSION/$archive"; then
        echo "   download failed, skipping" >&2
        continue
    fi
    expected=$(awk -v f="$archive" '$2 == f {print $1}' "$WORK_DIR/SHA-256.txt")
    actual=$(sha256sum "$WORK_DIR/$archive" | cut -d' ' -f1)
    if [ -z "$expected" ] || [ "$expected" != "$actual" ]; then
        echo "   checksum mismatch for $archive, skipping" >&2
        continue
    fi
    mkdir -p "$WORK_DIR/$font"
    unzip -q -o "$WORK_DIR/$archive" '*.ttf' '*.otf' -d "$WORK_DIR/$font" 2>/dev/null || true
    count=$(find "$WORK_DIR/$font" -type f \( -name '*.ttf' -o -name '*.otf' \) | wc -l)
    if [ "$count" -eq 0 ]; then
        echo "   archive contained no font files" >&2
        continue
    fi
    as_root install -d -m 0755 "$FONT_ROOT/$font"
    find "$WORK_DIR/$font" -type f \( -name '*.ttf' -o -name '*.otf' \) \
        -exec sudo install -m 0644 -t "$FONT_ROOT/$font" {} +
    echo "   installed $count files into $FONT_ROOT/$font"
    installed=$((installed + 1))
done

[ "$installed" -gt 0 ] || die "no fonts were installed"

echo "rebuilding font cache"
as_root fc-cache -f "$FONT_ROOT"
echo "done: $installed font families. Select e.g. 'JetBrainsMono Nerd Font' in your terminal."
