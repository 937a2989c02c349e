#!/usr/bin/env bash
# Builds the static "what's on at the market" menu site from the stall CSVs
# in ./menus (one file per stall: dish,price,tags).
set -euo pipefail

SRC_DIR="${SRC_DIR:-./menus}"
OUT_DIR="${OUT_DIR:-./build}"
TITLE="${SITE_TITLE:-Saturday Street Food Market}"
declare -a STALLS=()
declare -A TAG_LABEL=([v]="vegetarian" [vg]="vegan" [gf]="gluten free" [hot]="spicy")

log() { printf '[menu] %s\n' "$*" >&2; }

escape() {
    local s="$1"
    s="${s//&/&amp;}"; s="${s//</&lt;}"; s="${s//>/&gt;}"
    printf '%s' "$s"
}

clean() {
    if [[ -d "$OUT_DIR" ]]; then
        rm -rf -- "$OUT_DIR"
        log "removed old $OUT_DIR"
    fi
    mkdir -p "$OUT_DIR"
}

collect() {
    local f
    for f in "$SRC_DIR"/*.csv; do
        [[ -f "$f" ]] && STALLS+=("$f")
    done
    log "${#STALLS[@]} stall menu(s) found"
}

render_tags() {
    local out="" t
    IFS=';' read -r -a tags <<<"$1"
    for t in "${tags[@]}"; do
        [[ -n "${TAG_LABEL[$t]:-}" ]] && out+="<span class=\"tag\">${TAG_LABEL[$t]}</span>"
    done
    printf '%s' "$out"
}

render_stall() {
    local file="$1" name dish price tags
    name="$(basename "$file" .csv)"
    printf '<section id="%s"><h2>%s</h2><ul>\n' "$name" "$(escape "${name//_/ }")"
    while IFS=, read -r dish price tags; do
        [[ "$dish" == "dish" || -z "$dish" ]] && continue
        printf '<li>%s <b>&pound;%s</b> %s</li>\n' "$(escape "$dish")" "$(escape "$price")" "$(render_tags "$tags")"
    done <"$file"
    printf '</ul></section>\n'
}

write_page() {
    local body="$1"
    cat >"$OUT_DIR/index.html" <<HTML
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>$(escape "$TITLE")</title>
<link rel="stylesheet" href="style.css"></head>
<body><h1>$(escape "$TITLE")</h1>
$body
<footer>Built $(date +%Y-%m-%d)</footer>
</body></html>
HTML
}

main() {
    [[ "${1:-}" == "-h" ]] && { echo "Usage: ${0##*/} (reads $SRC_DIR, writes $OUT_DIR)"; exit 0; }
    [[ -d "$SRC_DIR" ]] || { log "no $SRC_DIR directory"; exit 1; }
    clean
    collect
    local body="" f
    for f in "${STALLS[@]}"; do
        body+="$(render_stall "$f")"$'\n'
    done
    write_page "$body"
    [[ -f "$SRC_DIR/style.css" ]] && cp "$SRC_DIR/style.css" "$OUT_DIR/"
    log "site written to $OUT_DIR/index.html"
}

main "$@"
