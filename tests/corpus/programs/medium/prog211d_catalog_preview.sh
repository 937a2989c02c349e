#!/bin/bash
# Build the wax catalogue preview page and serve it for the sales team.
set -euo pipefail

CATALOG_DIR="${CATALOG_DIR:-./catalog}"
PORT="${PREVIEW_PORT:-8080}"
TITLE="Glide & Grip Wax Catalogue"
BUILD_ONLY=0

while getopts "d:p:t:b" opt; do
    case "$opt" in
        d) CATALOG_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) TITLE="$OPTARG" ;;
        b) BUILD_ONLY=1 ;;
        *) echo "usage: $0 [-d dir] [-p port] [-t title] [-b]" >&2; exit 2 ;;
    esac
done

if [ ! -d "$CATALOG_DIR" ]; then
    echo "catalogue directory $CATALOG_DIR not found" >&2
    exit 1
fi

products="$CATALOG_DIR/products.csv"
if [ ! -f "$products" ]; then
    echo "missing $products" >&2
    exit 1
fi

# render index.html from products.csv
CATALOG_TITLE="$TITLE" python3 - "$products" "$CATALOG_DIR/index.html" <<'PY'
import csv, html, os, sys
src, dst = sys.argv[1], sys.argv[2]
rows = []
with open(src, newline="") as fh:
    for r in csv.DictReader(fh):
        rows.append("<tr><td>{}</td><td>{}</td><td>{} to {} C</td><td>{}</td></tr>".format(
            html.escape(r.get("sku", "")), html.escape(r.get("name", "")),
            html.escape(r.get("temp_min", "?")), html.escape(r.get("temp_max", "?")),
            html.escape(r.get("price", ""))))
title = html.escape(os.environ["CATALOG_TITLE"])
with open(dst, "w") as out:
    out.write(f"<html><head><title>{title}</title></head><body><h1>{title}</h1>"
              "<table><tr><th>SKU</th><th>Name</th><th>Snow temp</th><th>Price</th></tr>"
              + "\n".join(rows) + "</table></body></html>\n")
print(f"{len(rows)} products rendered", file=sys.stderr)
PY

[ "$BUILD_ONLY" -eq 1 ] && exit 0

ip_hint=$(hostname -I 2>/dev/null | awk '{print $1}')
echo "serving $CATALOG_DIR on http://${ip_hint:-this-host}:$PORT/ (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$CATALOG_DIR"
