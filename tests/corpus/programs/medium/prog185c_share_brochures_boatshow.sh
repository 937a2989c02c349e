#!/usr/bin/env bash
# share_brochures_boatshow.sh - serve the yacht brochures from the stand
# laptop at boat shows, so visitors on the stand Wi-Fi can download PDFs
# straight to their phones.
#
# Copies the current brochures to a staging folder, writes a simple index
# page and serves it until Ctrl-C.
set -euo pipefail

SRC="${BWC_BROCHURES:-$HOME/Marketing/Brochures/2025}"
STAGE="/tmp/bwc_brochures"
PORT="${BWC_SHARE_PORT:-8000}"
BIND="${BWC_SHARE_BIND:-0.0.0.0}"
TITLE="Bluewater Charters - Fleet Brochures"

stage_files() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local n=0
    while IFS= read -r -d '' f; do
        cp "$f" "$STAGE/"
        n=$((n + 1))
    done < <(find "$SRC" -maxdepth 2 -type f -iname '*.pdf' -print0)
    echo "staged $n brochures"
}

write_index() {
    {
        echo "<!doctype html><html><head><meta charset='utf-8'>"
        echo "<meta name='viewport' content='width=device-width'>"
        echo "<title>${TITLE}</title></head><body>"
        echo "<h1>${TITLE}</h1><ul>"
        for f in "$STAGE"/*.pdf; do
            [[ -e "$f" ]] || continue
            local base
            base=$(basename "$f")
            echo "<li><a href=\"${base}\">${base%.pdf}</a></li>"
        done
        echo "</ul><p>Enquiries: sales@example.com</p></body></html>"
    } >"$STAGE/index.html"
}

show_addresses() {
    echo "visitors can browse to:"
    hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9]+\.' | while read -r ip; do
        echo "  http://${ip}:${PORT}/"
    done
}

serve() {
    cd "$STAGE"
    echo "serving $STAGE on ${BIND}:${PORT} (Ctrl-C to stop)"
    exec python3 -m http.server "$PORT" --bind "$BIND"
}

if [[ ! -d "$SRC" ]]; then
    echo "brochure folder $SRC not found" >&2
    exit 1
fi

stage_files
write_index
show_addresses
serve
