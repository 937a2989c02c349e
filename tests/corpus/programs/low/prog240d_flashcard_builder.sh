#!/usr/bin/env bash
# flashcard_builder.sh - turn a teacher's vocabulary CSV (word,translation,
# example) into a printable flashcard page and an Anki-style TSV for the
# course page. Everything is written under ./build.
set -euo pipefail

VOCAB_CSV="${1:-./vocab.csv}"
BUILD_DIR="./build"
TITLE="${CARD_TITLE:-Vocabulary}"
LEVEL="${CARD_LEVEL:-A2}"
CARDS_PER_PAGE="${CARDS_PER_PAGE:-12}"
CLEAN=0

log() { echo "[flashcards] $*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $(basename "$0") [VOCAB_CSV] [--clean]
environment: CARD_TITLE, CARD_LEVEL, CARDS_PER_PAGE
EOF
    exit 2
}

for arg in "$@"; do
    case "$arg" in
        --clean) CLEAN=1 ;;
        -h|--help) usage ;;
    esac
done
[[ "${1:-}" == "--clean" ]] && VOCAB_CSV="./vocab.csv"

clean_build() {
    if [[ -d "$BUILD_DIR" ]]; then
        rm -f "$BUILD_DIR"/cards_*.html "$BUILD_DIR"/cards.tsv "$BUILD_DIR"/stats.txt
        if [[ -z "$(ls -A "$BUILD_DIR")" ]]; then rmdir "$BUILD_DIR"; fi
        log "old build files removed"
    fi
}

check_input() {
    [[ -f "$VOCAB_CSV" ]] || { log "vocabulary file $VOCAB_CSV not found"; exit 1; }
    [[ "$CARDS_PER_PAGE" =~ ^[0-9]+$ ]] || { log "CARDS_PER_PAGE must be a number"; exit 1; }
    local rows
    rows=$(( $(wc -l <"$VOCAB_CSV") - 1 ))
    log "$rows word(s) in $VOCAB_CSV"
}

render() {
    mkdir -p "$BUILD_DIR"
    # The CSV is piped into Python; options travel as environment variables.
    CARD_TITLE="$TITLE" CARD_LEVEL="$LEVEL" CARD_PAGE="$CARDS_PER_PAGE" \
    CARD_OUT="$BUILD_DIR" python3 - 3<"$VOCAB_CSV" <<'PY'
import csv, html, os, sys
out = os.environ["CARD_OUT"]
per_page = max(1, int(os.environ["CARD_PAGE"]))
title = html.escape(os.environ["CARD_TITLE"])
level = html.escape(os.environ["CARD_LEVEL"])
with os.fdopen(3, newline="", encoding="utf-8") as fh:
    rows = [r for r in csv.DictReader(fh) if r.get("word")]
with open(os.path.join(out, "cards.tsv"), "w", encoding="utf-8") as tsv:
    for r in rows:
        tsv.write("\t".join([r["word"], r.get("translation", ""), r.get("example", "")]) + "\n")
pages = [rows[i:i + per_page] for i in range(0, len(rows), per_page)] or [[]]
for n, page in enumerate(pages, 1):
    cards = "\n".join(
        f'<div class="card"><b>{html.escape(r["word"])}</b>'
        f'<span>{html.escape(r.get("translation", ""))}</span>'
        f'<i>{html.escape(r.get("example", ""))}</i></div>' for r in page)
    doc = (f"<!doctype html><meta charset=utf-8><title>{title} {level}</title>"
           "<style>.card{display:inline-block;width:30%;border:1px dashed #999;"
           "margin:4px;padding:8px}.card span,.card i{display:block}</style>"
           f"<h1>{title} ({level}) - page {n}</h1>{cards}")
    with open(os.path.join(out, f"cards_{n:02d}.html"), "w", encoding="utf-8") as fh:
        fh.write(doc)
print(f"{len(rows)} {len(pages)}")
PY
}

write_stats() {
    local counts="$1"
    local words pages
    read -r words pages <<<"$counts"
    {
        echo "title: $TITLE"
        echo "level: $LEVEL"
        echo "words: $words"
        echo "pages: $pages"
        echo "built: $(date '+%F %T')"
    } >"$BUILD_DIR/stats.txt"
    log "built $pages page(s) with $words card(s) in $BUILD_DIR"
}

main() {
    if (( CLEAN )); then
        clean_build
    fi
    check_input
    local counts
    counts="$(render)"
    write_stats "$counts"
}

main
