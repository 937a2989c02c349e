#!/usr/bin/env bash
# Build the static flavour menu page for the studio website from the
# text files in ./menu, into ./build, ready to copy to the host.
set -euo pipefail

SRC_DIR="./menu"
OUT_DIR="./build"
DEPLOY_CONF="./deploy.conf"
TITLE="${MENU_TITLE:-Wedding Cake Flavours}"

log() { echo "[menu] $*" >&2; }

clean() {
    if [[ -d "$OUT_DIR" ]]; then
        rm -rf "$OUT_DIR"
        log "removed old $OUT_DIR"
    fi
    mkdir -p "$OUT_DIR"
}

escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

render_item() {
    local file="$1" name price desc
    name=$(head -n1 "$file" | escape)
    price=$(sed -n '2p' "$file" | escape)
    desc=$(tail -n +3 "$file" | escape | tr '\n' ' ')
    cat <<ITEM
    <li class="flavour">
      <h2>${name}</h2><span class="price">${price}</span>
      <p>${desc}</p>
    </li>
ITEM
}

render_page() {
    local -a files=("$SRC_DIR"/*.txt)
    local f
    if [[ ! -e "${files[0]}" ]]; then
        log "no menu files in $SRC_DIR"
        return 1
    fi
    {
        cat <<HEAD
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title>
<link rel="stylesheet" href="menu.css"></head>
<body><h1>${TITLE}</h1><ul>
HEAD
        for f in "${files[@]}"; do
            render_item "$f"
        done
        echo "</ul><footer>Updated $(date '+%d %B %Y')</footer></body></html>"
    } > "$OUT_DIR/index.html"
    log "rendered ${#files[@]} flavours"
}

copy_assets() {
    local asset
    for asset in "$SRC_DIR"/*.css "$SRC_DIR"/*.jpg; do
        [[ -e "$asset" ]] && cp "$asset" "$OUT_DIR/"
    done
    return 0
}

protect_conf() {
    if [[ -f "$DEPLOY_CONF" ]]; then
        chmod 0600 "$DEPLOY_CONF"
        log "deploy.conf restricted to owner"
    fi
}

main() {
    local -A steps=([clean]=clean [page]=render_page [assets]=copy_assets [conf]=protect_conf)
    local order=(clean page assets conf) s
    for s in "${order[@]}"; do
        "${steps[$s]}" || { log "step $s failed"; exit 1; }
    done
    log "site ready in $OUT_DIR"
}

main "$@"
