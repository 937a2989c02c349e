#!/bin/bash
# Build the seasonal tree catalogue as static HTML and serve it so the
# sales team can preview it from their tablets on the yard Wi-Fi.
set -euo pipefail

STOCK_CSV="${1:-./stock.csv}"
OUT_DIR="${OUT_DIR:-./catalog_site}"
PORT="${PORT:-8080}"
TITLE="${TITLE:-Autumn Bare-Root Catalogue}"

log() { echo "[catalog] $*" >&2; }

[[ -r "$STOCK_CSV" ]] || { log "cannot read $STOCK_CSV"; exit 1; }
mkdir -p "$OUT_DIR"

export STOCK_CSV OUT_DIR TITLE
count="$(python3 - <<'PY'
import csv, html, os
from collections import defaultdict

groups = defaultdict(list)
with open(os.environ["STOCK_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        if int(row.get("available", 0) or 0) <= 0:
            continue
        groups[row.get("genus", "Other")].append(row)

parts = [f"<html><head><meta charset='utf-8'><title>{html.escape(os.environ['TITLE'])}</title></head><body>",
         f"<h1>{html.escape(os.environ['TITLE'])}</h1>"]
n = 0
for genus in sorted(groups):
    parts.append(f"<h2>{html.escape(genus)}</h2><table border='1'>")
    parts.append("<tr><th>Species</th><th>Size</th><th>Price</th><th>Available</th></tr>")
    for r in sorted(groups[genus], key=lambda r: r.get("species", "")):
        parts.append("<tr>" + "".join(
            f"<td>{html.escape(str(r.get(k, '')))}</td>" for k in ("species", "size", "price", "available")
        ) + "</tr>")
        n += 1
    parts.append("</table>")
parts.append("</body></html>")
with open(os.path.join(os.environ["OUT_DIR"], "index.html"), "w") as fh:
    fh.write("\n".join(parts))
print(n)
PY
)"

log "catalogue built with $count lines in $OUT_DIR"

if [[ -d ./photos ]]; then
    cp -ru ./photos "$OUT_DIR/" && log "photos copied"
fi

ip_hint="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "serving on http://${ip_hint:-this-host}:$PORT/ (Ctrl-C to stop)"
cd "$OUT_DIR"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
