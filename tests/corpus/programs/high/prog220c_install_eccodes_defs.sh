#!/usr/bin/env bash
# install_eccodes_defs.sh - install the service's local GRIB2 definitions for ecCodes
#
# Our post-processing writes a few locally defined GRIB2 parameters (local
# table version 1, centre-specific discipline 192). ecCodes only decodes
# them if the local definition files are present in the system-wide
# definitions path. This script downloads the released definitions bundle,
# verifies its checksum and installs it into the shared ecCodes tree.
#
# Usage: install_eccodes_defs.sh -v VERSION [-p PREFIX] [-n]

set -euo pipefail

VERSION=""
PREFIX="/usr/local/share/eccodes"
BASE_URL="https://downloads.example.org/nwp/eccodes-local-defs"
WORK="./build/eccodes_defs"
DRY_RUN=0

log() { printf '%s [eccodes-defs] %s\n' "$(date -u +%FT%TZ)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":v:p:nh" opt; do
    case "$opt" in
        v) VERSION="$OPTARG" ;;
        p) PREFIX="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) sed -n '2,11p' "$0"; exit 1 ;;
    esac
done

[ -n "$VERSION" ] || die "a definitions version is required (-v)"
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "bad version string: $VERSION"

BUNDLE="local-defs-${VERSION}.tar.gz"
DEST="${PREFIX}/definitions/grib2/local/nwp"

download_bundle() {
    mkdir -p "$WORK"
    log "downloading $BUNDLE"
    curl -fsSL --max-time 120 -o "$WORK/$BUNDLE" "$BASE_URL/$BUNDLE"
    curl -fsSL --max-time 30 -o "$WORK/$BUNDLE.sha256" "$BASE_URL/$BUNDLE.sha256"
}

verify_bundle() {
    local expected actual
    expected="$(awk '{print $1}' "$WORK/$BUNDLE.sha256")"
    actual="$(sha256sum "$WORK/$BUNDLE" | awk '{print $1}')"
    [ "$expected" = "$actual" ] || die "checksum mismatch for $BUNDLE"
    log "checksum ok ($actual)"
}

unpack_bundle() {
    rm -rf "$WORK/defs"
    mkdir -p "$WORK/defs"
    tar -xzf "$WORK/$BUNDLE" -C "$WORK/defs" --no-same-owner
    local count
    count="$(find "$WORK/defs" -name '*.def' | wc -l)"
    [ "$count" -gt 0 ] || die "bundle contains no .def files"
    log "bundle contains $count definition files"
}

install_defs() {
    if (( DRY_RUN )); then
        log "dry-run: would install into $DEST"
        return
    fi
    log "installing into $DEST (requires root)"
    sudo install -d -m 0755 "$DEST"
    if [ -d "$DEST" ] && [ -n "$(ls -A "$DEST" 2>/dev/null)" ]; then
        local backup="${DEST}.bak.$(date +%Y%m%d%H%M%S)"
        log "backing up existing definitions to $backup"
        sudo cp -a "$DEST" "$backup"
    fi
    sudo cp -r "$WORK/defs/." "$DEST/"
    sudo chown -R root:root "$DEST"
    sudo find "$DEST" -type f -exec chmod 0644 {} +
    sudo find "$DEST" -type d -exec chmod 0755 {} +
}

check_install() {
    if command -v codes_info >/dev/null 2>&1; then
        log "ecCodes definition path: $(codes_info -d)"
    fi
    if [ -f "$DEST/localConcepts.def" ] || ls "$DEST"/*.def >/dev/null 2>&1; then
        log "local definitions present in $DEST"
    else
        log "warning: no definitions found in $DEST after install"
    fi
}

download_bundle
verify_bundle
unpack_bundle
install_defs
check_install
log "done (version $VERSION)"
