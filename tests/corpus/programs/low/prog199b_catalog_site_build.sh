#!/usr/bin/env bash
# Builds the static cheese catalogue pages for the shop website from the
# catalogue CSV (name,milk,region,age_months,description).
set -euo pipefail

CATALOG="${CATALOG:-catalog.csv}"
OUT_DIR="./build"
CACHE_DIR="./.build-cache"
CONFIG="./site.conf"
declare -a PAGES=()
CLEAN=0

log() { printf '[site] %s\n' "$*" >&2; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c catalog.csv] [-C]
  -c  catalogue CSV (default ${CATALOG})
  -C  remove previous build and cache first
EOF
}

while getopts ":c:Ch" opt; do
    case "$opt" in
        c) CATALOG="$OPTARG" ;;
        C) CLEAN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

slug() { tr '[:upper:]' '[:lower:]' <<<"$1" | tr -cs 'a-z0-9' '-' | sed 's/-$//'; }

write_config() {
    [[ -f "$CONFIG" ]] && return
    printf 'title=Our Cheeses\nbuilt_by=%s\n' "$(id -un)" >"$CONFIG"
    chmod 600 "$CONFIG"
}

render_page() {
    local name="$1" milk="$2" region="$3" age="$4" desc="$5" file
    file="${OUT_DIR}/$(slug "$name").html"
    cat >"$file" <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><title>${name}</title>
<link rel="stylesheet" href="style.css?v=${STYLE_HASH}"></head>
<body><h1>${name}</h1>
<p class="meta">${milk} milk &middot; ${region} &middot; aged ${age} months</p>
<p>${desc}</p></body></html>
HTML
    PAGES+=("$(basename "$file")|${name}")
}

render_index() {
    {
        printf '<!doctype html><html><head><title>Catalogue</title></head><body><ul>\n'
        local entry
        for entry in "${PAGES[@]}"; do
            printf '<li><a href="%s">%s</a></li>\n' "${entry%%|*}" "${entry#*|}"
        done
        printf '</ul></body></html>\n'
    } >"${OUT_DIR}/index.html"
}

main() {
    [[ -r "$CATALOG" ]] || { log "catalogue ${CATALOG} not found"; exit 1; }
    if [[ $CLEAN -eq 1 ]]; then
        rm -rf -- "$OUT_DIR" "$CACHE_DIR"
        log "previous build removed"
    fi
    mkdir -p "$OUT_DIR" "$CACHE_DIR"
    write_config
    cp -f style.css "$OUT_DIR/" 2>/dev/null || printf 'body{font-family:serif}\n' >"$OUT_DIR/style.css"
    STYLE_HASH="$(md5sum "$OUT_DIR/style.css" | cut -c1-8)"
    while IFS=, read -r name milk region age desc; do
        [[ "$name" == "name" || -z "$name" ]] && continue
        render_page "$name" "$milk" "$region" "$age" "$desc"
    done <"$CATALOG"
    render_index
    md5sum "$CATALOG" >"${CACHE_DIR}/catalog.md5"
    log "${#PAGES[@]} pages written to ${OUT_DIR}"
}

main
