#!/usr/bin/env bash
# Build printable clue cards from the JSON card definitions in ./cards.
# Each card is validated and rendered to HTML under ./build.
set -euo pipefail

CARDS_DIR="./cards"
BUILD_DIR="./build"
THEME="${CARD_THEME:-parchment}"
CLEAN=0

log() { printf '[clue-cards] %s\n' "$*" >&2; }

while getopts ":c:o:t:x" opt; do
    case "$opt" in
        c) CARDS_DIR="$OPTARG" ;;
        o) BUILD_DIR="$OPTARG" ;;
        t) THEME="$OPTARG" ;;
        x) CLEAN=1 ;;
        *) echo "usage: $0 [-c cards_dir] [-o build_dir] [-t theme] [-x]" >&2; exit 1 ;;
    esac
done

if (( CLEAN )); then
    rm -rf "${BUILD_DIR:?}/.cache" "${BUILD_DIR:?}"/*.html
    log "cleaned $BUILD_DIR"
fi

[[ -d "$CARDS_DIR" ]] || { log "no cards directory at $CARDS_DIR"; exit 1; }
mkdir -p "$BUILD_DIR/.cache"

built=0
failed=0
shopt -s nullglob
for card in "$CARDS_DIR"/*.json; do
    name="$(basename "$card" .json)"
    out="$BUILD_DIR/$name.html"
    if [[ -f "$out" && "$out" -nt "$card" ]]; then
        log "$name up to date"
        continue
    fi
    if html="$(THEME="$THEME" python3 - "$card" <<'PY'
import html, json, os, sys
with open(sys.argv[1], encoding="utf-8") as fh:
    card = json.load(fh)
for key in ("title", "text"):
    if not isinstance(card.get(key), str) or not card[key].strip():
        sys.exit(f"missing {key}")
theme = os.environ.get("THEME", "plain")
body = "".join(f"<p>{html.escape(line)}</p>" for line in card["text"].splitlines())
foot = html.escape(card.get("room", ""))
print(f'<html><body class="{html.escape(theme)}"><h1>{html.escape(card["title"])}</h1>'
      f'{body}<footer>{foot}</footer></body></html>')
PY
)"; then
        printf '%s\n' "$html" > "$out"
        sha256sum "$card" > "$BUILD_DIR/.cache/$name.sum"
        built=$((built + 1))
        log "built $name"
    else
        failed=$((failed + 1))
        log "invalid card $card"
    fi
done

log "$built built, $failed failed"
(( failed == 0 ))
