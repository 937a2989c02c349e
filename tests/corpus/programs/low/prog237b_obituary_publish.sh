#!/usr/bin/env bash
# Publish an approved obituary to the funeral home website.
# Takes the approved text file for a case, turns it into the JSON the
# website's content API expects and posts it there.  The API key comes from
# the CMS_API_KEY environment variable and is only sent to the CMS API.

set -euo pipefail

CMS_API="${CMS_API:-https://api.example.com/v1}"
WORK_DIR="./publish"
DRAFT_ONLY=0

log() { echo "$(date '+%F %T') publish: $*" >&2; }

usage() {
    echo "usage: $0 [--draft] CASE_NO OBITUARY.txt [PHOTO_URL]"
    exit 64
}

if [[ "${1:-}" == "--draft" ]]; then
    DRAFT_ONLY=1
    shift
fi
[[ $# -ge 2 ]] || usage

CASE_NO="$1"
TEXT_FILE="$2"
PHOTO_URL="${3:-}"

: "${CMS_API_KEY:?set CMS_API_KEY to the website content API key}"

if [[ ! -s "$TEXT_FILE" ]]; then
    log "obituary text $TEXT_FILE is missing or empty"
    exit 2
fi

mkdir -p "$WORK_DIR"
rm -rf "$WORK_DIR/.cache"
mkdir -p "$WORK_DIR/.cache"

# First line is the headline ("Margaret Ellen Doyle, 1938 - 2024"),
# the rest is the body.  Python builds the JSON so quoting is right.
PAYLOAD_FILE="$WORK_DIR/.cache/$CASE_NO.json"
CASE_NO="$CASE_NO" PHOTO_URL="$PHOTO_URL" DRAFT="$DRAFT_ONLY" \
python3 -c '
import json, os, re, sys
text = sys.stdin.read().strip()
headline, _, body = text.partition("\n")
years = re.findall(r"\b(1[89]\d\d|20\d\d)\b", headline)
doc = {
    "case": os.environ["CASE_NO"],
    "title": headline.strip(),
    "body": body.strip(),
    "born": years[0] if years else None,
    "died": years[-1] if len(years) > 1 else None,
    "photo": os.environ["PHOTO_URL"] or None,
    "status": "draft" if os.environ["DRAFT"] == "1" else "published",
    "guestbook": True,
}
json.dump(doc, sys.stdout, ensure_ascii=False, indent=1)
' < "$TEXT_FILE" > "$PAYLOAD_FILE"

WORDS="$(wc -w < "$TEXT_FILE")"
log "case $CASE_NO: $WORDS words, status $( ((DRAFT_ONLY)) && echo draft || echo published)"

RESPONSE="$(curl -sS --max-time 20 \
    -X POST "$CMS_API/obituaries" \
    -H "Authorization: Bearer $CMS_API_KEY" \
    -H "Content-Type: application/json" \
    --data-binary @"$PAYLOAD_FILE" \
    -w '\n%{http_code}')" || { log "could not reach $CMS_API"; exit 1; }

CODE="$(tail -n1 <<< "$RESPONSE")"
BODY="$(sed '$d' <<< "$RESPONSE")"

if [[ "$CODE" != 2* ]]; then
    log "CMS answered HTTP $CODE: $BODY"
    exit 1
fi

RESULT_FILE="$WORK_DIR/$CASE_NO.result.json"
printf '%s\n' "$BODY" > "$RESULT_FILE"
chmod 600 "$RESULT_FILE"

PAGE_URL="$(python3 -c 'import json,sys; print(json.load(sys.stdin).get("url",""))' < "$RESULT_FILE")"
rm -rf "$WORK_DIR/.cache"
log "done: ${PAGE_URL:-no page URL returned}"
