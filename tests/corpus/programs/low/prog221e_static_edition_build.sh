#!/usr/bin/env bash
# static_edition_build.sh - build the static "print edition" HTML bundle from the
# article JSON files in ./content, for the e-paper team.
#
# Usage: prog221e_static_edition_build.sh [--edition YYYY-MM-DD] [--clean] [--sections a,b]
set -euo pipefail

CONTENT_DIR="./content"
BUILD_DIR="./build"
EDITION="$(date +%F)"
SECTIONS="front,news,business,sport,culture"
CLEAN=0

log() { printf '%s build: %s\n' "$(date +%T)" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --edition)  EDITION="$2"; shift 2 ;;
            --sections) SECTIONS="$2"; shift 2 ;;
            --clean)    CLEAN=1; shift ;;
            -h|--help)  sed -n '2,5p' "$0"; exit 0 ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
    [[ "$EDITION" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad edition date"; exit 2; }
    [[ -d "$CONTENT_DIR" ]] || { log "no $CONTENT_DIR directory"; exit 1; }
}

clean_build() {
    if [[ -d "$BUILD_DIR" ]]; then
        rm -rf -- "$BUILD_DIR"
        log "removed previous build"
    fi
}

render_section() {
    local section="$1"
    local out="$BUILD_DIR/$EDITION/$section.html"
    mkdir -p "$(dirname "$out")"
    SECTION="$section" EDITION="$EDITION" SRC="$CONTENT_DIR/$section" OUT="$out" python3 - <<'PYEOF'
import glob, html, json, os
from string import Template

page = Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>$title</title>
<link rel="stylesheet" href="../edition.css"></head>
<body><h1>$title</h1>
$body
</body></html>
""")
section, edition = os.environ["SECTION"], os.environ["EDITION"]
blocks = []
for path in sorted(glob.glob(os.path.join(os.environ["SRC"], "*.json"))):
    try:
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"skip {path}: {exc}", file=__import__("sys").stderr)
        continue
    if doc.get("edition") not in (None, edition) or doc.get("embargoed"):
        continue
    paras = "".join(f"<p>{html.escape(p)}</p>" for p in doc.get("paragraphs", []))
    blocks.append(f"<article><h2>{html.escape(doc.get('headline', ''))}</h2>"
                  f"<p class=byline>{html.escape(doc.get('byline', ''))}</p>{paras}</article>")
with open(os.environ["OUT"], "w", encoding="utf-8") as fh:
    fh.write(page.substitute(title=html.escape(f"{section.title()} - {edition}"),
                             body="\n".join(blocks)))
print(len(blocks))
PYEOF
}

write_manifest() {
    local manifest="$BUILD_DIR/$EDITION/manifest.txt"
    ( cd "$BUILD_DIR/$EDITION" && sha256sum ./*.html ) > "$manifest"
    chmod 600 "$manifest"
    log "manifest written ($(wc -l < "$manifest") files)"
}

main() {
    parse_args "$@"
    if (( CLEAN )); then
        clean_build
    fi
    mkdir -p "$BUILD_DIR/$EDITION"
    [[ -f ./assets/edition.css ]] && cp ./assets/edition.css "$BUILD_DIR/$EDITION/../edition.css"
    local total=0 n section
    IFS=',' read -r -a list <<< "$SECTIONS"
    for section in "${list[@]}"; do
        if [[ ! -d "$CONTENT_DIR/$section" ]]; then
            log "no content for $section, skipping"
            continue
        fi
        n="$(render_section "$section")" || { log "render failed for $section"; continue; }
        log "$section: $n articles"
        total=$(( total + n ))
    done
    write_manifest
    log "edition $EDITION built with $total articles in $BUILD_DIR/$EDITION"
}

main "$@"
