#!/usr/bin/env bash
# Fetch the latest till export plugin bundle from the shop's till server and
# unpack it under ./plugins/<version>/ for review before it goes live.
#
# Usage: ./till_plugin_fetch.sh [-s server] [-c channel] [-f]
#   -s  till server base URL (default from TILL_SERVER or till.conf)
#   -c  release channel: stable | beta   (default stable)
#   -f  fetch even if the version is already unpacked

set -euo pipefail

CONF_FILE="${CONF_FILE:-./till.conf}"
SERVER="${TILL_SERVER:-}"
CHANNEL="stable"
FORCE=0
PLUGIN_DIR="./plugins"
LOG_FILE="./plugin_fetch.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":s:c:fh" opt; do
    case "$opt" in
        s) SERVER="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

if [[ -z "$SERVER" && -f "$CONF_FILE" ]]; then
    # till.conf is KEY=VALUE lines written by the till installer
    SERVER="$(awk -F= '$1=="server"{print $2}' "$CONF_FILE")"
fi
[[ -n "$SERVER" ]] || die "no till server configured"

# The till server ships with a self-signed certificate from the vendor.
CURL_OPTS=(--silent --show-error --fail --location --insecure --max-time 60)

fetch_manifest() {
    curl "${CURL_OPTS[@]}" "$SERVER/plugins/$CHANNEL/manifest.json"
}

manifest="$(fetch_manifest)" || die "cannot reach $SERVER"
version="$(printf '%s' "$manifest" | python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])')"
bundle="$(printf '%s' "$manifest" | python3 -c 'import json,sys; print(json.load(sys.stdin)["bundle"])')"
sha="$(printf '%s' "$manifest" | python3 -c 'import json,sys; print(json.load(sys.stdin)["sha256"])')"

target="$PLUGIN_DIR/$version"
if [[ -d "$target" && $FORCE -eq 0 ]]; then
    log "plugin $version already present in $target"
    exit 0
fi

mkdir -p "$PLUGIN_DIR/.dl"
archive="$PLUGIN_DIR/.dl/$(basename "$bundle")"
log "downloading $bundle ($CHANNEL $version)"
curl "${CURL_OPTS[@]}" -o "$archive" "$SERVER/plugins/$CHANNEL/$bundle" \
    || die "download failed"

actual="$(sha256sum "$archive" | cut -d' ' -f1)"
[[ "$actual" == "$sha" ]] || die "checksum mismatch for $bundle"

rm -rf "$target"
mkdir -p "$target"
tar -xzf "$archive" -C "$target"
rm -f "$archive"

log "unpacked plugin $version:"
find "$target" -maxdepth 2 -type f | sed 's/^/    /' | tee -a "$LOG_FILE"
log "review $target, then copy it into the till's plugin folder"
