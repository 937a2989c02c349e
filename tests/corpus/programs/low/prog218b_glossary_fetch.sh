#!/usr/bin/env bash
# glossary_fetch.sh - download client glossaries and convert them to TBX.
#
# Reads ./glossaries.list (one "client<TAB>url" per line), downloads each CSV
# glossary into a local cache keyed by the MD5 of its URL, converts it to a
# minimal TBX file in ./termbases and cleans up stale cache entries.
set -uo pipefail

LIST="${1:-./glossaries.list}"
CACHE_DIR="./.glossary_cache"
OUT_DIR="./termbases"
MAX_AGE_DAYS=7

log() { echo "$(date '+%T') $*" >&2; }

[[ -f "$LIST" ]] || { log "glossary list $LIST not found"; exit 1; }
mkdir -p "$CACHE_DIR" "$OUT_DIR"

fetch() {
    local url="$1" key cached
    key="$(printf '%s' "$url" | md5sum | cut -d' ' -f1)"
    cached="$CACHE_DIR/$key.csv"
    if [[ -f "$cached" && -n "$(find "$cached" -mmin -60)" ]]; then
        log "cache hit for $url"
    elif ! curl -fsS --max-time 30 -o "$cached.part" "$url"; then
        log "download failed: $url"
        rm -f "$cached.part"
        return 1
    else
        mv "$cached.part" "$cached"
    fi
    echo "$cached"
}

converted=0
errors=0
while IFS=$'\t' read -r client url; do
    [[ -z "$client" || "$client" == \#* ]] && continue
    if ! csv="$(fetch "$url")"; then
        errors=$((errors + 1))
        continue
    fi
    tbx="$OUT_DIR/$client.tbx"
    if CSV_PATH="$csv" TBX_PATH="$tbx" CLIENT="$client" python3 - <<'PY'
import csv
import os
import sys
from html import escape

src, dst, client = os.environ["CSV_PATH"], os.environ["TBX_PATH"], os.environ["CLIENT"]
with open(src, newline="", encoding="utf-8-sig") as fh:
    reader = csv.reader(fh)
    header = next(reader, None)
    if not header or len(header) < 2:
        print(f"{src}: need at least two language columns", file=sys.stderr)
        sys.exit(1)
    langs = [h.strip() for h in header]
    entries = [row for row in reader if any(c.strip() for c in row)]

out = ['<?xml version="1.0" encoding="UTF-8"?>',
       f'<martif type="TBX" xml:lang="{escape(langs[0])}"><text><body>']
for i, row in enumerate(entries, 1):
    out.append(f'<termEntry id="{escape(client)}-{i}">')
    for lang, term in zip(langs, row):
        if term.strip():
            out.append(f'<langSet xml:lang="{escape(lang)}"><tig><term>{escape(term.strip())}</term></tig></langSet>')
    out.append("</termEntry>")
out.append("</body></text></martif>")
with open(dst, "w", encoding="utf-8") as fh:
    fh.write("\n".join(out) + "\n")
print(f"{client}: {len(entries)} entries", file=sys.stderr)
PY
    then
        converted=$((converted + 1))
    else
        errors=$((errors + 1))
    fi
done < "$LIST"

stale=$(find "$CACHE_DIR" -name '*.csv' -mtime +"$MAX_AGE_DAYS" | wc -l)
find "$CACHE_DIR" -name '*.csv' -mtime +"$MAX_AGE_DAYS" -delete
log "$converted glossar(y/ies) converted, $errors error(s), $stale stale cache file(s) removed"
(( errors == 0 ))
