#!/usr/bin/env bash
# Listing cleanup: tidies the online-shop listing project before upload.
# Removes generated files, checks that listing links still answer, and
# packs the listing sheets into dist/.
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
DIST_DIR="$PROJECT_DIR/dist"
LINKS_FILE="$PROJECT_DIR/listing_urls.txt"
declare -a GENERATED=(build .cache __pycache__ thumbs)
declare -a CHECK_CMD=(curl -sS -I -o /dev/null --max-time 10 -w '%{http_code}')
declare -A RESULTS=()

log() { printf '[cleanup] %s\n' "$*"; }

clean_generated() {
    local d
    for d in "${GENERATED[@]}"; do
        if [[ -d "$PROJECT_DIR/$d" ]]; then
            rm -rf -- "${PROJECT_DIR:?}/$d"
            log "removed $d/"
        fi
    done
    find "$PROJECT_DIR" -maxdepth 2 -name '*.pyc' -delete
}

check_links() {
    [[ -f "$LINKS_FILE" ]] || { log "no $LINKS_FILE, skipping link check"; return 0; }
    local url code
    while IFS= read -r url; do
        [[ -z "$url" || "$url" == \#* ]] && continue
        code="$("${CHECK_CMD[@]}" "$url" 2>/dev/null || echo 000)"
        RESULTS["$url"]="$code"
    done < "$LINKS_FILE"
}

report_links() {
    local url bad=0
    for url in "${!RESULTS[@]}"; do
        if [[ "${RESULTS[$url]}" != 2* && "${RESULTS[$url]}" != 3* ]]; then
            log "broken (${RESULTS[$url]}): $url"
            (( bad++ )) || true
        fi
    done
    log "${#RESULTS[@]} links checked, $bad broken"
}

pack_listings() {
    local stamp archive
    stamp="$(date +%Y%m%d)"
    archive="$DIST_DIR/listings-$stamp.tar.gz"
    mkdir -p "$DIST_DIR"
    tar -czf "$archive" -C "$PROJECT_DIR" --exclude=dist --exclude='*.tmp' listings
    cat > "$DIST_DIR/SUMMARY.txt" <<EOF
Listing package $stamp
Archive: $(basename "$archive")
Size:    $(du -h "$archive" | cut -f1)
Sheets:  $(find "$PROJECT_DIR/listings" -type f | wc -l)
EOF
    log "packed $(basename "$archive")"
}

declare -a STEPS=(clean_generated check_links report_links pack_listings)

main() {
    [[ -d "$PROJECT_DIR/listings" ]] || { log "run from the listing project root"; exit 1; }
    local step
    for step in "${STEPS[@]}"; do
        "$step"
    done
}

main "$@"
