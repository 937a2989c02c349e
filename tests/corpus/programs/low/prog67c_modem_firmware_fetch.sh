#!/bin/sh
# modem_firmware_fetch.sh - stage LTE modem firmware packages for a model
# from the fleet firmware mirror into ./firmware/<model>/ and verify them.
#
#   modem_firmware_fetch.sh -m EG25G [-r R07A08] [-M manifest-url] [-k]
#
# The manifest is a JSON document:
#   { "EG25G": { "latest": "R07A08",
#                "releases": { "R07A08": { "image": "https://.../EG25GGBR07A08M2G.zip",
#                                          "sha256": "..." } } } }
set -eu

MIRROR=${FW_MIRROR:-https://fw.gwfleet.example.net/modem}
MANIFEST_URL="$MIRROR/manifest.json"
MODEL=""
RELEASE=""
KEEP_OLD=0
DEST_ROOT=./firmware

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }
msg() { echo "[fw-fetch] $*"; }
fail() { echo "[fw-fetch] ERROR: $*" >&2; exit 1; }

while getopts "m:r:M:kh" o; do
    case $o in
        m) MODEL=$OPTARG ;;
        r) RELEASE=$OPTARG ;;
        M) MANIFEST_URL=$OPTARG ;;
        k) KEEP_OLD=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
[ -n "$MODEL" ] || usage 2

for tool in wget jq sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is required"
done

dest="$DEST_ROOT/$MODEL"
mkdir -p "$dest"
manifest="$dest/manifest.json"

fetch() {
    # fetch URL FILE, with retries; wget keeps partial files out of the way
    n=0
    until wget -q --timeout=30 --tries=1 -O "$2.part" "$1"; do
        n=$((n + 1))
        [ "$n" -ge 3 ] && { rm -f "$2.part"; return 1; }
        msg "retry $n for $1"
        sleep $((n * 5))
    done
    mv "$2.part" "$2"
}

msg "manifest: $MANIFEST_URL"
fetch "$MANIFEST_URL" "$manifest" || fail "could not download manifest"

[ -n "$RELEASE" ] || RELEASE=$(jq -r --arg m "$MODEL" '.[$m].latest // empty' "$manifest")
[ -n "$RELEASE" ] || fail "model $MODEL not in manifest"

image_url=$(jq -r --arg m "$MODEL" --arg r "$RELEASE" '.[$m].releases[$r].image // empty' "$manifest")
image_sum=$(jq -r --arg m "$MODEL" --arg r "$RELEASE" '.[$m].releases[$r].sha256 // empty' "$manifest")
[ -n "$image_url" ] && [ -n "$image_sum" ] || fail "release $RELEASE incomplete in manifest"

image="$dest/$(basename "$image_url")"
if [ -f "$image" ] && echo "$image_sum  $image" | sha256sum -c --status; then
    msg "$image already staged and verified"
else
    msg "downloading $RELEASE image"
    fetch "$image_url" "$image" || fail "image download failed"
    echo "$image_sum  $image" | sha256sum -c --status || { rm -f "$image"; fail "checksum mismatch"; }
fi

if [ "$KEEP_OLD" -eq 0 ]; then
    for old in "$dest"/*.zip; do
        [ "$old" = "$image" ] && continue
        [ -f "$old" ] && { msg "removing old package $(basename "$old")"; rm -f "$old"; }
    done
fi

printf '%s %s %s\n' "$MODEL" "$RELEASE" "$(basename "$image")" > "$dest/STAGED"
msg "staged $MODEL $RELEASE in $dest"
