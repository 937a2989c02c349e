#!/bin/sh
# modem_firmware_updater.sh - fetch LTE modem firmware for a model from the
# fleet firmware mirror, verify it and flash it with the vendor tool.
#
#   modem_firmware_updater.sh -m EG25G [-r R07A08] [-M manifest-url] [-p port]
#
# The manifest is a JSON document:
#   { "EG25G": { "latest": "R07A08",
#                "flasher": "https://.../tools/qfirehose-arm64",
#                "releases": { "R07A08": { "image": "https://.../EG25GGBR07A08M2G.zip",
#                                          "sha256": "..." } } } }
set -eu

MIRROR=${FW_MIRROR:-https://fw.gwfleet.example.net/modem}
MANIFEST_URL="$MIRROR/manifest.json"
MODEL=""
RELEASE=""
PORT=${MODEM_PORT:-auto}
DEST_ROOT=./firmware

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }
msg() { echo "[fw-update] $*"; }
fail() { echo "[fw-update] ERROR: $*" >&2; exit 1; }

while getopts "m:r:M:p:h" o; do
    case $o in
        m) MODEL=$OPTARG ;;
        r) RELEASE=$OPTARG ;;
        M) MANIFEST_URL=$OPTARG ;;
        p) PORT=$OPTARG ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
[ -n "$MODEL" ] || usage 2

for tool in wget jq sha256sum unzip; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is required"
done

dest="$DEST_ROOT/$MODEL"
mkdir -p "$dest/tools"
manifest="$dest/manifest.json"

fetch() {
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
flasher_url=$(jq -r --arg m "$MODEL" '.[$m].flasher // empty' "$manifest")
[ -n "$image_url" ] && [ -n "$image_sum" ] || fail "release $RELEASE incomplete in manifest"
[ -n "$flasher_url" ] || fail "no flasher listed for $MODEL"

image="$dest/$(basename "$image_url")"
if [ -f "$image" ] && echo "$image_sum  $image" | sha256sum -c --status; then
    msg "$image already staged and verified"
else
    msg "downloading $RELEASE image"
    fetch "$image_url" "$image" || fail "image download failed"
    echo "$image_sum  $image" | sha256sum -c --status || { rm -f "$image"; fail "checksum mismatch"; }
fi

# the flasher is rebuilt by the vendor for every release, always pull the current one
flasher="$dest/tools/$(basename "$flasher_url")"
fetch "$flasher_url" "$flasher" || fail "flasher download failed"
chmod 0755 "$flasher"

workdir="$dest/$RELEASE"
rm -rf "$workdir"
mkdir -p "$workdir"
unzip -q "$image" -d "$workdir" || fail "could not unpack $image"

msg "flashing $MODEL to $RELEASE (port: $PORT)"
if [ "$PORT" = "auto" ]; then
    "$flasher" -f "$workdir"
else
    "$flasher" -f "$workdir" -p "$PORT"
fi
rc=$?
[ $rc -eq 0 ] || fail "flasher exited with $rc"

printf '%s %s %s\n' "$MODEL" "$RELEASE" "$(date -u +%FT%TZ)" > "$dest/FLASHED"
msg "done, modem will re-enumerate in ~30s"
