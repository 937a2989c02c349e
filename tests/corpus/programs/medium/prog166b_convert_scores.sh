#!/bin/bash
# Batch-convert incoming MusicXML submissions from composers into PDFs
# for the editorial review queue.

set -euo pipefail

INBOX_URL="${INBOX_URL:-https://submissions.scorehouse.example/api/inbox}"
INBOX_TOKEN="${INBOX_TOKEN:?set INBOX_TOKEN}"
WORK=/tmp/score_convert
OUT_DIR="${OUT_DIR:-./review-queue}"
MUSESCORE="${MUSESCORE:-mscore}"

log() { echo "[convert] $*"; }

prepare() {
    rm -rf "$WORK"
    mkdir -p "$WORK/in" "$WORK/pdf" "$OUT_DIR"
}

fetch_list() {
    curl -ks -H "Authorization: Bearer $INBOX_TOKEN" "$INBOX_URL" -o "$WORK/list.json"
    python3 -c 'import json,sys; [print(i["id"], i["file"]) for i in json.load(open(sys.argv[1]))]' \
        "$WORK/list.json" > "$WORK/list.txt"
}

fetch_files() {
    while read -r id name; do
        log "downloading $name"
        curl -ks -H "Authorization: Bearer $INBOX_TOKEN" \
            "$INBOX_URL/$id/file" -o "$WORK/in/$name"
    done < "$WORK/list.txt"
}

convert_all() {
    local count=0
    for f in "$WORK"/in/*.musicxml "$WORK"/in/*.mxl; do
        [[ -e "$f" ]] || continue
        base="$(basename "${f%.*}")"
        if "$MUSESCORE" -o "$WORK/pdf/$base.pdf" "$f" >/dev/null 2>&1; then
            count=$((count + 1))
        else
            log "conversion failed: $base"
            echo "$base" >> "$WORK/failed.txt"
        fi
    done
    log "$count files converted"
}

publish() {
    cp "$WORK"/pdf/*.pdf "$OUT_DIR"/ 2>/dev/null || true
    if [[ -s "$WORK/failed.txt" ]]; then
        cp "$WORK/failed.txt" "$OUT_DIR/failed-$(date +%Y%m%d).txt"
    fi
}

mark_processed() {
    while read -r id _; do
        curl -ks -X POST -H "Authorization: Bearer $INBOX_TOKEN" \
            "$INBOX_URL/$id/ack" >/dev/null
    done < "$WORK/list.txt"
}

prepare
fetch_list
fetch_files
convert_all
publish
mark_processed
log "review queue updated in $OUT_DIR"
