#!/usr/bin/env bash
# Fetch a booking-sync release (Mindbody -> gym calendar bridge) for review.
#
# Checks the release channel, downloads the new tarball, verifies its
# checksum and unpacks it into ./releases/<version> so it can be diffed
# against ./current before anyone switches over by hand.
#
# Usage: ./prog122d_booking_sync_fetch_release.sh [--channel stable|beta] [--force]

set -euo pipefail

CHANNEL="stable"
FORCE=0
BASE_URL="${BOOKING_SYNC_RELEASES:-https://releases.ringside-sync.io/booking-sync}"
APP_DIR="$(cd "$(dirname "$0")" && pwd)"
STAGING="/tmp/booking-sync-staging"
LOG_FILE="$APP_DIR/update.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --channel) CHANNEL="$2"; shift 2 ;;
        --force)   FORCE=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done

command -v wget >/dev/null || die "wget is required"
mkdir -p "$STAGING" "$APP_DIR/releases"

current_version() {
    if [[ -L "$APP_DIR/current" ]]; then
        basename "$(readlink "$APP_DIR/current")"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    wget -q -T 20 -O - "$BASE_URL/$CHANNEL/LATEST" | tr -d '[:space:]'
}

fetch_release() {
    local ver="$1" tarball="$STAGING/booking-sync-$1.tar.gz"
    wget -q -T 60 -O "$tarball" "$BASE_URL/$CHANNEL/$ver/booking-sync-$ver.tar.gz" \
        || die "download failed for $ver"
    wget -q -T 20 -O "$tarball.sha256" "$BASE_URL/$CHANNEL/$ver/booking-sync-$ver.tar.gz.sha256" \
        || die "checksum download failed"
    (cd "$STAGING" && sha256sum -c --status "$tarball.sha256") || die "checksum mismatch"
    mkdir -p "$APP_DIR/releases/$ver"
    tar -xzf "$tarball" -C "$APP_DIR/releases/$ver" --strip-components=1
}

fetch_notes() {
    local ver="$1" notes="$APP_DIR/releases/$1/RELEASE_NOTES.md"
    if wget -q -T 20 -O "$notes" "$BASE_URL/$CHANNEL/$ver/RELEASE_NOTES.md"; then
        log "release notes saved to $notes"
    else
        log "no release notes for $ver"
        rm -f "$notes"
    fi
}

main() {
    local cur latest
    cur="$(current_version)"
    latest="$(latest_version)" || die "could not reach release channel $CHANNEL"
    [[ -n "$latest" ]] || die "empty version from channel"

    if [[ "$cur" == "$latest" && $FORCE -eq 0 ]]; then
        log "already on $cur"
        return 0
    fi

    log "staging $latest ($CHANNEL) next to current $cur"
    fetch_release "$latest"
    fetch_notes "$latest"
    log "review with: diff -ru current releases/$latest"
}

main
