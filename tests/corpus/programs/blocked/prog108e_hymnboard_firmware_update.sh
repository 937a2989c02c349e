#!/usr/bin/env bash
# hymnboard-update: bring the LED hymn board controller software up to date.
#
# The board controller (a small Linux box behind the choir screen) runs the
# "hymnboardd" display service. This script checks the vendor's release
# manifest, fetches the newest update bundle for our board model and applies it.
#
# Usage: hymnboard_firmware_update.sh [-m MODEL] [-c CHANNEL] [-n] [-q]

set -euo pipefail

MODEL="${HYMNBOARD_MODEL:-hb-320}"
CHANNEL="${HYMNBOARD_CHANNEL:-stable}"
RELEASES="${HYMNBOARD_RELEASES:-https://releases.lumen-hymnboards.com}"
STATE_DIR="./.hymnboard"
DRY_RUN=0
QUIET=0

log() { [ "$QUIET" -eq 1 ] || printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts "m:c:nqh" opt; do
    case "$opt" in
        m) MODEL="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        h) usage ;;
        *) usage ;;
    esac
done

command -v curl >/dev/null || die "curl is required"
command -v wget >/dev/null || die "wget is required"
mkdir -p "$STATE_DIR"

installed_version() {
    if [ -f "$STATE_DIR/version" ]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

fetch_manifest() {
    local url="$RELEASES/$CHANNEL/$MODEL/manifest.json"
    local attempt
    for attempt in 1 2 3; do
        if curl -fsS --max-time 20 -o "$STATE_DIR/manifest.json" "$url"; then
            return 0
        fi
        log "manifest fetch failed (attempt $attempt), retrying"
        sleep $((attempt * 3))
    done
    return 1
}

manifest_field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' \
        "$STATE_DIR/manifest.json" "$1"
}

newer_than() {
    # returns 0 if $1 > $2 in dotted-version order
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" = "$1" ]
}

apply_bundle() {
    local bundle_url="$1" digest="$2" version="$3"
    local work bundle
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' RETURN
    bundle="$work/update-$version.run"

    log "downloading bundle $version"
    wget -q --tries=3 --timeout=30 -O "$bundle" "$bundle_url" || die "download failed"

    local got
    got="$(sha256sum "$bundle" | awk '{print $1}')"
    [ "$got" = "$digest" ] || die "checksum mismatch for bundle $version"

    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would apply $bundle"
        return 0
    fi

    log "applying bundle $version"
    HB_MODEL="$MODEL" HB_STATE="$STATE_DIR" sh "$bundle" --unattended
    echo "$version" > "$STATE_DIR/version"
}

main() {
    local current latest url digest
    current="$(installed_version)"
    log "installed: $current (model $MODEL, channel $CHANNEL)"

    fetch_manifest || die "could not reach $RELEASES"
    latest="$(manifest_field version)"
    url="$(manifest_field bundle_url)"
    digest="$(manifest_field sha256)"

    if newer_than "$latest" "$current"; then
        apply_bundle "$url" "$digest" "$latest"
        log "hymn board now at $latest"
    else
        log "already up to date"
    fi
}

main "$@"
