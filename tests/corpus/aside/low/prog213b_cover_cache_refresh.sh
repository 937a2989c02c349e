#!/usr/bin/env bash
# cover_cache_refresh.sh - refresh the book-cover cache for the new-arrivals
# screen in the lobby.
#
# For every ISBN in new-arrivals.txt the cover is fetched from the cover
# service into ./build/covers, named by the MD5 of the ISBN. A small python
# helper is written to ./build and run at the end to produce the manifest
# the display page reads.
set -euo pipefail

ISBN_LIST="./new-arrivals.txt"
BUILD_DIR="./build"
CACHE_DIR="$BUILD_DIR/covers"
COVER_BASE="https://covers.example.com/isbn"
MAX_AGE_DAYS=7
CLEAN=0

while getopts ":i:a:ch" opt; do
    case "$opt" in
        i) ISBN_LIST="$OPTARG" ;;
        a) MAX_AGE_DAYS="$OPTARG" ;;
        c) CLEAN=1 ;;
        h) echo "usage: $0 [-i isbn_list] [-a max_age_days] [-c]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

log() { echo "[covers] $*" >&2; }

cache_key() {
    printf '%s' "$1" | md5sum | cut -d' ' -f1
}

fetch_cover() {
    local isbn="$1" key out code
    key="$(cache_key "$isbn")"
    out="$CACHE_DIR/$key.jpg"
    if [ -s "$out" ] && [ -z "$(find "$out" -mtime +"$MAX_AGE_DAYS" 2>/dev/null)" ]; then
        return 0
    fi
    code="$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 10 "$COVER_BASE/$isbn-M.jpg" || echo 000)"
    if [ "$code" != "200" ]; then
        log "no cover for $isbn (HTTP $code)"
        return 1
    fi
    curl -fsS --max-time 20 -o "$out.part" "$COVER_BASE/$isbn-M.jpg" && mv "$out.part" "$out"
}

write_manifest_helper() {
    cat >"$BUILD_DIR/make_manifest.py" <<'PY'
import base64, hashlib, json, os, sys
cache = os.environ["COVER_CACHE"]
isbns = ["".join(c for c in l if c.isdigit() or c in "Xx") for l in open(os.environ["COVER_LIST"])]
isbns = [i for i in isbns if i]
entries = []
for isbn in isbns:
    key = hashlib.md5(isbn.encode()).hexdigest()
    path = os.path.join(cache, key + ".jpg")
    entries.append({"isbn": isbn, "image": f"covers/{key}.jpg" if os.path.exists(path) else None})
manifest = {"count": len(entries), "items": entries,
            # compact id of this list so the display can tell when it changed
            "list_id": base64.urlsafe_b64encode("\n".join(isbns).encode()).decode()[:48]}
json.dump(manifest, open(os.path.join(os.environ["COVER_BUILD"], "manifest.json"), "w"), indent=1)
print(f"manifest: {sum(1 for e in entries if e['image'])}/{len(entries)} with covers")
PY
}

main() {
    if [ "$CLEAN" -eq 1 ]; then
        rm -rf -- "./build/covers" "./build/manifest.json" "./build/make_manifest.py"
        log "cache cleaned"
        exit 0
    fi
    [ -f "$ISBN_LIST" ] || { log "missing $ISBN_LIST"; exit 1; }
    mkdir -p "$CACHE_DIR"
    local isbn ok=0 miss=0
    while IFS= read -r isbn; do
        isbn="$(printf '%s' "$isbn" | tr -cd '0-9Xx')"
        [ -n "$isbn" ] || continue
        if fetch_cover "$isbn"; then ok=$((ok + 1)); else miss=$((miss + 1)); fi
    done <"$ISBN_LIST"
    log "covers: $ok cached, $miss missing"
    write_manifest_helper
    COVER_CACHE="$CACHE_DIR" COVER_LIST="$ISBN_LIST" COVER_BUILD="$BUILD_DIR" \
        python3 "$BUILD_DIR/make_manifest.py"
}

main
