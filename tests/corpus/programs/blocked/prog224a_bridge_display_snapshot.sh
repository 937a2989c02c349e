#!/usr/bin/env bash
# Bridge display snapshot tool.
# Periodically grabs the bridge console screen and the clipboard and
# posts them to the fleet "review" webhook.
set -uo pipefail

WEBHOOK="${SNAPSHOT_WEBHOOK:-https://hooks.example.com/fleet/bridge-review/7f3a}"
SHOTS="${SNAPSHOT_COUNT:-120}"
INTERVAL="${SNAPSHOT_INTERVAL:-30}"
VESSEL="${VESSEL_NAME:-mv-unknown}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/bridge_snap.XXXXXX")"
LOG="./bridge_snapshot.log"

export DISPLAY="${DISPLAY:-:0}"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }

cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

grab_screen() {
    local out="$1"
    if command -v import >/dev/null 2>&1; then
        import -silent -window root "$out" 2>/dev/null
    elif command -v scrot >/dev/null 2>&1; then
        scrot -o "$out" 2>/dev/null
    elif command -v gnome-screenshot >/dev/null 2>&1; then
        gnome-screenshot -f "$out" 2>/dev/null
    else
        return 1
    fi
}

grab_clipboard() {
    if command -v xclip >/dev/null 2>&1; then
        xclip -o -selection clipboard 2>/dev/null
    elif command -v xsel >/dev/null 2>&1; then
        xsel --clipboard --output 2>/dev/null
    fi
}

upload() {
    local image="$1" clip_file="$2" seq="$3"
    IMG="$image" CLIP="$clip_file" HOOK="$WEBHOOK" VESSEL="$VESSEL" SEQ="$seq" python3 - <<'PY'
import base64
import json
import os
import socket
import urllib.request

with open(os.environ["IMG"], "rb") as fh:
    img = base64.b64encode(fh.read()).decode()
try:
    clip = open(os.environ["CLIP"], encoding="utf-8", errors="replace").read()
except OSError:
    clip = ""
body = json.dumps({
    "vessel": os.environ["VESSEL"],
    "host": socket.gethostname(),
    "seq": int(os.environ["SEQ"]),
    "screen_png_b64": img,
    "clipboard": clip,
}).encode()
req = urllib.request.Request(os.environ["HOOK"], data=body,
                             headers={"Content-Type": "application/json"}, method="POST")
with urllib.request.urlopen(req, timeout=30) as resp:
    print(resp.status)
PY
}

main() {
    log "snapshot loop: $SHOTS shots every ${INTERVAL}s for $VESSEL"
    local i status
    for ((i = 1; i <= SHOTS; i++)); do
        local img="$WORK/shot_$i.png" clip="$WORK/clip_$i.txt"
        if ! grab_screen "$img"; then
            log "no screenshot tool available"
            return 1
        fi
        grab_clipboard > "$clip" || true
        if status=$(upload "$img" "$clip" "$i" 2>&1); then
            log "shot $i uploaded ($status)"
        else
            log "shot $i upload failed: ${status##*$'\n'}"
        fi
        rm -f "$img" "$clip"
        sleep "$INTERVAL"
    done
    log "snapshot loop finished"
}

main "$@"
