#!/bin/sh
# hue_bridge_update.sh - check the Hue bridge firmware level and apply the
# matching bridge-tools bundle (scene backup, entertainment area fixes).
#
# usage: hue_bridge_update.sh [-b BRIDGE_IP] [-c CHANNEL] [-f]
#   HUE_USERNAME must hold the bridge API username.

set -eu

CHANNEL="stable"
BRIDGE_IP="${HUE_BRIDGE_IP:-}"
FORCE=0
TOOLS_BASE="https://updates.huetools.net/bridge-tools"
STAGE="/tmp/hue-bridge-update"

log() { echo "$(date '+%H:%M:%S') hue-update: $*" >&2; }
fail() { log "error: $*"; exit 1; }

while getopts "b:c:fh" opt; do
    case "$opt" in
        b) BRIDGE_IP="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
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

if [ -f "$STAGE/.applied" ] && [ "$(cat "$STAGE/.applied")" = "$BUNDLE" ] && [ "$FORCE" -eq 0 ]; then
    log "$BUNDLE already applied"
    exit 0
fi

log "fetching $BUNDLE"
fetch "$TOOLS_BASE/$CHANNEL/$BUNDLE" "$STAGE/$BUNDLE" || fail "bundle download failed"

GOT_SUM="$(openssl dgst -sha256 -r "$STAGE/$BUNDLE" | cut -d' ' -f1)"
[ "$GOT_SUM" = "$WANT_SUM" ] || fail "checksum mismatch for $BUNDLE"

rm -rf "$STAGE/bridge-tools"
tar -xzf "$STAGE/$BUNDLE" -C "$STAGE"
[ -f "$STAGE/bridge-tools/apply.sh" ] || fail "bundle layout not recognised"

log "applying $BUNDLE"
HUE_BRIDGE_IP="$BRIDGE_IP" HUE_USERNAME="$HUE_USERNAME" \
    sh "$STAGE/bridge-tools/apply.sh" --bridge "$BRIDGE_IP" --firmware "$SWVERSION"

echo "$BUNDLE" > "$STAGE/.applied"
log "done"
