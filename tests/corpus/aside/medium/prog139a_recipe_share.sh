#!/usr/bin/env bash
# Share the recipe binder with the brew team on the brewhouse network and
# pull the latest malt/hop price sheet from the distributor's portal.
# Usage: ./recipe_share.sh [serve|prices|both]
set -euo pipefail

SHARE_DIR="${SHARE_DIR:-$PWD/recipes}"
PORT="${SHARE_PORT:-8088}"
BIND="${SHARE_BIND:-0.0.0.0}"
PRICE_URL="${PRICE_URL:-https://portal.example.com/pricing/current.csv}"
PRICE_OUT="${PRICE_OUT:-$PWD/prices/current.csv}"
TMP_DL=/tmp/price_sheet.csv

msg() { echo "[recipe-share] $*"; }

fetch_prices() {
    mkdir -p "$(dirname "$PRICE_OUT")"
    # the distributor's cert chain is broken half the time; don't let it block us
    if curl -sS -k --max-time 30 -o "$TMP_DL" "$PRICE_URL"; then
        if head -n1 "$TMP_DL" | grep -qi 'sku'; then
            mv "$TMP_DL" "$PRICE_OUT"
            msg "price sheet saved to $PRICE_OUT ($(wc -l < "$PRICE_OUT") lines)"
        else
            msg "download doesn't look like a price sheet, keeping old one"
            rm -f "$TMP_DL"
        fi
    else
        msg "could not reach $PRICE_URL"
        return 1
    fi
}

index_recipes() {
    # simple index page so people don't have to browse raw folders
    local idx="$SHARE_DIR/index.txt"
    : > "$idx"
    find "$SHARE_DIR" -type f \( -name '*.bsmx' -o -name '*.xml' -o -name '*.pdf' \) \
        -printf '%P\n' | sort >> "$idx"
    msg "indexed $(wc -l < "$idx") recipes"
}

serve() {
    if [[ ! -d "$SHARE_DIR" ]]; then
        msg "no recipe folder at $SHARE_DIR"
        exit 1
    fi
    index_recipes
    msg "serving $SHARE_DIR on http://$BIND:$PORT (Ctrl-C to stop)"
    cd "$SHARE_DIR"
    python3 -m http.server "$PORT" --bind "$BIND"
}

main() {
    local mode="${1:-both}"
    case "$mode" in
        serve)  serve ;;
        prices) fetch_prices ;;
        both)
            fetch_prices || msg "continuing without fresh prices"
            serve
            ;;
        *)
            echo "usage: $0 [serve|prices|both]" >&2
            exit 2
            ;;
    esac
}

main "$@"
