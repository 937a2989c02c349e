#!/usr/bin/env bash
# supplier_price_fetch.sh - pull this week's malt and hop price sheets from
# the suppliers' portals and merge them into ./prices/current.csv for the
# recipe costing spreadsheet.
#
# The maltster's portal runs on an appliance with a self-signed certificate
# that the office never got around to replacing, so certificate checks are
# switched off for it.
#
#   supplier_price_fetch.sh [-o out_dir] [-s supplier]...

set -euo pipefail

OUT_DIR="./prices"
SUPPLIERS=()
declare -A SOURCES=(
    [maltster]="https://portal.maltster.example.com/api/prices.json"
    [hopmerchant]="https://hops.example.net/export/prices.json"
)

log() { printf '[prices] %s\n' "$*" >&2; }

while getopts ":o:s:" opt; do
    case "$opt" in
        o) OUT_DIR="$OPTARG" ;;
        s) SUPPLIERS+=("$OPTARG") ;;
        *) log "usage: $0 [-o dir] [-s supplier]"; exit 2 ;;
    esac
done
[[ ${#SUPPLIERS[@]} -gt 0 ]] || SUPPLIERS=("${!SOURCES[@]}")

fetch_one() {
    local name="$1" url="${SOURCES[$1]:-}"
    [[ -n "$url" ]] || { log "unknown supplier $name"; return 1; }
    PRICE_URL="$url" PRICE_OUT="$OUT_DIR/raw_$name.json" python3 - <<'PY'
import os
import ssl
import sys
import urllib.request

ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE

url = os.environ["PRICE_URL"]
try:
    with urllib.request.urlopen(url, timeout=30, context=ctx) as resp:
        body = resp.read()
except Exception as exc:  # noqa: BLE001
    print(f"fetch failed for {url}: {exc}", file=sys.stderr)
    sys.exit(1)
with open(os.environ["PRICE_OUT"], "wb") as fh:
    fh.write(body)
print(len(body))
PY
}

merge() {
    PRICE_DIR="$OUT_DIR" python3 - <<'PY'
import csv
import glob
import json
import os

out_path = os.path.join(os.environ["PRICE_DIR"], "current.csv")
rows = []
for path in sorted(glob.glob(os.path.join(os.environ["PRICE_DIR"], "raw_*.json"))):
    supplier = os.path.basename(path)[4:-5]
    try:
        with open(path) as fh:
            data = json.load(fh)
    except ValueError:
        continue
    for item in data.get("items", []):
        rows.append({
            "supplier": supplier,
            "sku": item.get("sku", ""),
            "name": item.get("name", ""),
            "unit": item.get("unit", "kg"),
            "price": item.get("price", ""),
        })
with open(out_path, "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=["supplier", "sku", "name", "unit", "price"])
    w.writeheader()
    w.writerows(rows)
print(len(rows))
PY
}

main() {
    mkdir -p "$OUT_DIR"
    local s bytes ok=0
    for s in "${SUPPLIERS[@]}"; do
        if bytes="$(fetch_one "$s")"; then
            log "$s: $bytes bytes"
            ok=$((ok + 1))
        else
            log "$s: skipped"
        fi
    done
    (( ok > 0 )) || { log "nothing fetched"; exit 1; }
    log "merged $(merge) price lines into $OUT_DIR/current.csv"
}

main
