#!/usr/bin/env bash
# build_price_list.sh - build the printable honey price list for the market
# stall and the website from prices.csv. Output goes to ./build; the logo is
# embedded as a data URI so the HTML is a single self-contained file.
set -euo pipefail

PRICES="${PRICES:-./prices.csv}"
LOGO="${LOGO:-./assets/logo.png}"
BUILD_DIR="./build"
STAMP_FILE="./.price_list.stamp"
CLEAN=0
CURRENCY="${CURRENCY:-EUR}"

log() { echo "price-list: $*" >&2; }

for arg in "$@"; do
    case "$arg" in
        --clean) CLEAN=1 ;;
        --currency=*) CURRENCY="${arg#*=}" ;;
        -h|--help) echo "usage: $0 [--clean] [--currency=EUR]"; exit 0 ;;
        *) log "unknown argument $arg"; exit 64 ;;
    esac
done

if (( CLEAN )); then
    rm -rf "${BUILD_DIR:?}"
    rm -f "$STAMP_FILE"
    log "removed $BUILD_DIR"
fi

if [[ ! -f "$PRICES" ]]; then
    log "$PRICES not found"
    exit 1
fi

# skip the build when neither the prices nor the logo changed
INPUT_HASH="$(cat "$PRICES" "$LOGO" 2>/dev/null | md5sum | cut -d' ' -f1)"
if [[ -f "$STAMP_FILE" && "$(cat "$STAMP_FILE")" == "$INPUT_HASH" && -f "$BUILD_DIR/prices.html" ]]; then
    log "up to date"
    exit 0
fi

mkdir -p "$BUILD_DIR"

LOGO_B64=""
if [[ -f "$LOGO" ]]; then
    LOGO_B64="$(base64 -w0 "$LOGO")"
fi

# which system built it, for the footer
BUILD_OS="$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}" || echo unknown)"

export PRICES LOGO_B64 CURRENCY BUILD_OS BUILD_DIR
python3 - <<'PY'
import csv
import html
import os
from datetime import date

rows = []
with open(os.environ["PRICES"], newline="", encoding="utf-8") as fh:
    for r in csv.DictReader(fh):
        try:
            rows.append((r["variety"].strip(), int(r["jar_g"]), float(r["price"]),
                         r.get("in_stock", "yes").strip().lower() != "no"))
        except (KeyError, ValueError):
            continue
rows.sort(key=lambda x: (x[0], x[1]))

cur = html.escape(os.environ["CURRENCY"])
logo = os.environ["LOGO_B64"]
logo_tag = f'<img alt="logo" src="data:image/png;base64,{logo}" height="80">' if logo else ""
lines = []
for v, g, p, stock in rows:
    cls = "" if stock else ' class="out"'
    lines.append(f"<tr{cls}><td>{html.escape(v)}</td><td>{g} g</td><td>{p:.2f} {cur}</td></tr>")
body = "\n".join(lines)
page = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>Honey prices</title>
<style>table{{border-collapse:collapse}} td{{padding:4px 12px}} .out{{color:#999}}</style>
</head><body>{logo_tag}<h1>Honey prices {date.today():%Y}</h1>
<table>{body}</table>
<p><small>built {date.today()} on {html.escape(os.environ["BUILD_OS"])}</small></p>
</body></html>
"""
out_html = os.path.join(os.environ["BUILD_DIR"], "prices.html")
with open(out_html, "w", encoding="utf-8") as fh:
    fh.write(page)

out_txt = os.path.join(os.environ["BUILD_DIR"], "prices.txt")
with open(out_txt, "w", encoding="utf-8") as fh:
    for v, g, p, stock in rows:
        fh.write(f"{v:24} {g:>5} g  {p:>6.2f} {os.environ['CURRENCY']}{'' if stock else '  (sold out)'}\n")
print(f"price-list: {len(rows)} items written")
PY

echo "$INPUT_HASH" > "$STAMP_FILE"
log "built $BUILD_DIR/prices.html and $BUILD_DIR/prices.txt"
