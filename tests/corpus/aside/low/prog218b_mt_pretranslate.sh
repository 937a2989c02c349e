#!/usr/bin/env bash
# mt_pretranslate.sh - machine pre-translation of plain-text segments.
#
# Splits a source text file into segments, sends them in batches to the
# agency's MT provider and writes a tab-separated draft (source<TAB>MT) that
# post-editors import into the CAT tool.
set -euo pipefail

MT_URL="${MT_URL:-https://mt.example.net/v1/translate}"
SRC_LANG="en"
TGT_LANG="de"
BATCH=25
INPUT=""
OUT_DIR="./mt_drafts"

usage() { echo "usage: $0 -i input.txt [-s en] [-t de] [-b 25]" >&2; }

while getopts ":i:s:t:b:h" opt; do
    case "$opt" in
        i) INPUT="$OPTARG" ;;
        s) SRC_LANG="$OPTARG" ;;
        t) TGT_LANG="$OPTARG" ;;
        b) BATCH="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ -n "$INPUT" && -f "$INPUT" ]] || { usage; exit 1; }
if [[ -z "${MT_API_KEY:-}" ]]; then
    echo "MT_API_KEY is not set" >&2
    exit 1
fi

mkdir -p "$OUT_DIR"
OUT="$OUT_DIR/$(basename "${INPUT%.*}").${TGT_LANG}.tsv"
SEGMENTS="$OUT_DIR/.segments.txt"

# one segment per line, blank lines dropped
python3 -c '
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
for para in text.split("\n"):
    for seg in re.split(r"(?<=[.!?])\s+", para.strip()):
        if seg:
            print(seg)
' "$INPUT" > "$SEGMENTS"

total=$(wc -l < "$SEGMENTS")
echo "$total segment(s) to translate" >&2
: > "$OUT"
chmod 600 "$OUT"

start=1
while (( start <= total )); do
    end=$(( start + BATCH - 1 ))
    chunk="$(sed -n "${start},${end}p" "$SEGMENTS")"
    payload="$(CHUNK="$chunk" SRC_LANG="$SRC_LANG" TGT_LANG="$TGT_LANG" python3 - <<'PY'
import json, os
segs = os.environ["CHUNK"].split("\n")
print(json.dumps({"source_lang": os.environ["SRC_LANG"],
                  "target_lang": os.environ["TGT_LANG"],
                  "segments": segs}))
PY
)"
    if ! response="$(curl -fsS --max-time 60 -X POST "$MT_URL" \
            -H "Content-Type: application/json" \
            -H "Authorization: Bearer $MT_API_KEY" \
            --data "$payload")"; then
        echo "batch $start-$end failed" >&2
        exit 2
    fi
    CHUNK="$chunk" RESPONSE="$response" python3 - >> "$OUT" <<'PY'
import json, os, sys
segs = os.environ["CHUNK"].split("\n")
data = json.loads(os.environ["RESPONSE"])
mts = data.get("translations", [])
if len(mts) != len(segs):
    print(f"warning: {len(segs)} segments, {len(mts)} translations", file=sys.stderr)
for src, mt in zip(segs, mts):
    print(f"{src}\t{mt.get('text', '')}")
PY
    echo "translated $start-$(( end < total ? end : total ))" >&2
    start=$(( end + 1 ))
done

rm -f "$SEGMENTS"
echo "draft written to $OUT" >&2
