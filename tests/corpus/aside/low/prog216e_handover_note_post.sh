#!/usr/bin/env bash
# Post the shift's handover notes to the hospice handover service.
# Notes are plain-text files in ./handover/<date>/<room>.txt written during
# the shift. They are bundled into one JSON document by Python and posted to
# the handover API with the API key from HANDOVER_API_KEY; the key is sent
# only to that API. Posted notes are moved to ./handover/sent.
set -euo pipefail

API_URL="${HANDOVER_API_URL:-https://api.example.com/v1/handover}"
NOTES_ROOT="./handover"
DATE="$(date +%F)"
SHIFT="${SHIFT:-day}"
DRY_RUN=0

usage() { echo "Usage: $0 [-d YYYY-MM-DD] [-s shift] [-n]"; }

while getopts ":d:s:nh" opt; do
    case "$opt" in
        d) DATE="$OPTARG" ;;
        s) SHIFT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

NOTES_DIR="$NOTES_ROOT/$DATE"
SENT_DIR="$NOTES_ROOT/sent/$DATE"
[ -d "$NOTES_DIR" ] || { log "no notes for $DATE"; exit 0; }

if [ "$DRY_RUN" -eq 0 ] && [ -z "${HANDOVER_API_KEY:-}" ]; then
    log "HANDOVER_API_KEY is not set"
    exit 1
fi

BODY_FILE="$NOTES_ROOT/.payload-$DATE-$SHIFT.json"

rc=0
NOTES_DIR="$NOTES_DIR" SHIFT="$SHIFT" SHIFT_DATE="$DATE" AUTHOR="$(id -un)" \
python3 - > "$BODY_FILE" <<'PY' || rc=$?
import json, os, pathlib, sys

notes_dir = pathlib.Path(os.environ["NOTES_DIR"])
notes = []
for f in sorted(notes_dir.glob("*.txt")):
    text = f.read_text(encoding="utf-8").strip()
    if not text:
        continue
    notes.append({"room": f.stem, "text": text,
                  "flags": [w.strip("#") for w in text.split() if w.startswith("#")]})
if not notes:
    print("no non-empty notes", file=sys.stderr)
    sys.exit(3)
json.dump({"date": os.environ["SHIFT_DATE"], "shift": os.environ["SHIFT"],
           "author": os.environ["AUTHOR"], "notes": notes}, sys.stdout, indent=1)
PY
if [ "$rc" -ne 0 ]; then
    rm -f "$BODY_FILE"
    [ "$rc" -eq 3 ] && { log "nothing to post"; exit 0; }
    log "could not build payload"; exit 1
fi
chmod 600 "$BODY_FILE"

count="$(grep -c '"room":' "$BODY_FILE" || true)"
log "prepared $count note(s) for $DATE $SHIFT shift"

if [ "$DRY_RUN" -eq 1 ]; then
    cat "$BODY_FILE"
    rm -f "$BODY_FILE"
    exit 0
fi

status="$(curl -sS --max-time 20 -o "$NOTES_ROOT/.last_response.json" -w '%{http_code}' \
    -X POST "$API_URL" \
    -H 'Content-Type: application/json' \
    -H "Authorization: Bearer ${HANDOVER_API_KEY}" \
    --data-binary @"$BODY_FILE")" || status="000"

rm -f "$BODY_FILE"
case "$status" in
    200|201|202)
        mkdir -p "$SENT_DIR"
        mv "$NOTES_DIR"/*.txt "$SENT_DIR"/
        log "posted $count note(s); moved to $SENT_DIR"
        ;;
    *)
        log "handover API returned HTTP $status; notes kept in $NOTES_DIR"
        exit 1
        ;;
esac
