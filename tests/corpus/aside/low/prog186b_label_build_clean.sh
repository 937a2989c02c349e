#!/usr/bin/env bash
# Label artwork build helper for the 2024 release labels.
# Cleans previous build output, bundles the print-ready PDFs, writes
# checksums and an HTML proof sheet with embedded thumbnails.
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-.}"
BUILD_DIR="$PROJECT_DIR/build"
CACHE_DIR="$PROJECT_DIR/.cache"
RELEASE="${RELEASE:-2024-autumn}"

declare -a WINES=(chardonnay riesling shiraz cabernet rose)
declare -A TASKS=([clean]=do_clean [bundle]=do_bundle [proof]=do_proof [sums]=do_sums)

say() { printf '[labels] %s\n' "$*"; }

do_clean() {
    local d
    for d in "$BUILD_DIR" "$CACHE_DIR"; do
        [[ -d "$d" ]] && rm -rf -- "$d"
    done
    mkdir -p "$BUILD_DIR/pdf" "$BUILD_DIR/thumbs"
    say "cleaned build and cache"
}

do_bundle() {
    local w src
    for w in "${WINES[@]}"; do
        src="$PROJECT_DIR/art/${w}_front.pdf"
        if [[ -f "$src" ]]; then
            cp -- "$src" "$BUILD_DIR/pdf/${RELEASE}_${w}_front.pdf"
        else
            say "missing artwork for $w"
        fi
        [[ -f "$PROJECT_DIR/art/${w}_thumb.png" ]] && cp -- "$PROJECT_DIR/art/${w}_thumb.png" "$BUILD_DIR/thumbs/"
    done
}

thumb_data() {
    base64 -w0 < "$1"
}

do_proof() {
    local out="$BUILD_DIR/proof.html" t
    {
        cat <<HEAD
<!doctype html>
<html><head><meta charset="utf-8"><title>Proofs - ${RELEASE}</title></head>
<body><h1>Ridgeback Hollow label proofs - ${RELEASE}</h1>
HEAD
        for t in "$BUILD_DIR"/thumbs/*.png; do
            [[ -f "$t" ]] || continue
            printf '<figure><img src="data:image/png;base64,%s"><figcaption>%s</figcaption></figure>\n' \
                "$(thumb_data "$t")" "$(basename "$t" _thumb.png)"
        done
        echo "</body></html>"
    } > "$out"
    say "proof sheet at $out"
}

do_sums() {
    ( cd "$BUILD_DIR" && find pdf -type f -name '*.pdf' -print0 | sort -z | xargs -0r sha256sum ) > "$BUILD_DIR/SHA256SUMS"
    chmod 600 "$BUILD_DIR/SHA256SUMS"
    say "$(wc -l < "$BUILD_DIR/SHA256SUMS") files checksummed"
}

main() {
    local order=(clean bundle proof sums) step
    [[ $# -gt 0 ]] && order=("$@")
    for step in "${order[@]}"; do
        "${TASKS[$step]:?unknown step $step}"
    done
}

main "$@"
