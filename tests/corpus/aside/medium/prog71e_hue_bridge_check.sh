#!/bin/sh
# hue_bridge_check.sh - check the Hue bridge firmware level and stage the
# matching bridge-tools bundle (scene backup, entertainment area fixes) so it
# can be reviewed before use.
#
# usage: hue_bridge_check.sh [-b BRIDGE_IP] [-c CHANNEL]
#   HUE_USERNAME must hold the bridge API username.

set -eu

CHANNEL="stable"
BRIDGE_IP="${HUE_BRIDGE_IP:-}"
TOOLS_BASE="https://updates.huetools.net/bridge-tools"
STAGE="/tmp/hue-bridge-update"

log() { echo "$(date '+%H:%M:%S') hue-check: $*" >&2; }
fail() { log "error: $*"; exit 1; }

while getopts "b:c:h" opt; do
    case "$opt" in
        b) BRIDGE_IP="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

[ -n "${HUE_USERNAME:-}" ] || fail "HUE_USERNAME is not set"

discover_bridge() {
    # meethue discovery endpoint returns [{"id":..,"internalipaddress":..}]
    curl -fsS --max-time 10 https://discovery.meethue.com/ \
        | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d[0]["internalipaddress"] if d else "")'
}

bridge_swversion() {
    # bridge uses a self-signed certificate
    curl -fsSk --max-time 10 "https://$BRIDGE_IP/api/$HUE_USERNAME/config" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin).get("swversion",""))'
}

fetch() {
    url="$1"; out="$2"
    n=0
    until curl -fsSLk --max-time 60 -o "$out" "$url"; do
        n=$((n + 1))
        [ "$n" -ge 3 ] && return 1
        log "download failed, retrying ($n)"
        sleep $((n * 3))
    done
}

if [ -z "$BRIDGE_IP" ]; then
    log "discovering bridge"
    BRIDGE_IP="$(discover_bridge)"
    [ -n "$BRIDGE_IP" ] || fail "no bridge found on this network"
fi
log "bridge at $BRIDGE_IP"

SWVERSION="$(bridge_swversion)"
[ -n "$SWVERSION" ] || fail "could not read bridge config (is HUE_USERNAME valid?)"
log "bridge firmware $SWVERSION"

mkdir -p "$STAGE"
fetch "$TOOLS_BASE/$CHANNEL/manifest.txt" "$STAGE/manifest.txt" || fail "manifest download failed"

# manifest lines: <min_swversion> <bundle-name> <sha256>
LINE="$(awk -v v="$SWVERSION" '$1 <= v' "$STAGE/manifest.txt" | sort -n | tail -n 1)"
[ -n "$LINE" ] || fail "no bundle for firmware $SWVERSION on channel $CHANNEL"
BUNDLE="$(echo "$LINE" | awk '{print $2}')"
WANT_SUM="$(echo "$LINE" | awk '{print $3}')"

log "fetching $BUNDLE"
fetch "$TOOLS_BASE/$CHANNEL/$BUNDLE" "$STAGE/$BUNDLE" || fail "bundle download failed"

GOT_SUM="$(openssl dgst -sha256 -r "$STAGE/$BUNDLE" | cut -d' ' -f1)"
[ "$GOT_SUM" = "$WANT_SUM" ] || fail "checksum mismatch for $BUNDLE"

rm -rf "$STAGE/bridge-tools"
tar -xzf "$STAGE/$BUNDLE" -C "$STAGE"
[ -f "$STAGE/bridge-tools/apply.sh" ] || fail "bundle layout not recognised"

echo "bridge:    $BRIDGE_IP"
echo "firmware:  $SWVERSION"
echo "bundle:    $BUNDLE ($CHANNEL)"
echo "sha256:    $GOT_SUM"
echo "staged in: $STAGE/bridge-tools"
echo "files:"
find "$STAGE/bridge-tools" -type f | sed "s|^$STAGE/|  |" | sort
log "done"
