#!/usr/bin/env bash
# Pulls today's tyre price list from the wholesale supplier's price feed
# and writes prices.csv in the current directory for the ordering app.
# The supplier's feed server uses a certificate our tablets' old CA bundle
# does not accept, so certificate checks are turned off here.
set -euo pipefail

FEED_URL="${FEED_URL:-https://prices.example.net/feed/tyres.json}"
ALT_FEED_URL="${ALT_FEED_URL:-https://prices-backup.example.net/feed/tyres.json}"
OUT="${OUT:-prices.csv}"
RAW="${RAW:-prices_raw.json}"
MARKUP="${MARKUP:-1.18}"
BRANDS="${BRANDS:-}"

log() { echo "$(date '+%T') [prices] $*" >&2; }

fetch_primary() {
    curl -sS -k --max-time 30 -o "$RAW" "$FEED_URL"
}

fetch_backup() {
    # second route through python so it still works where curl is missing
    FEED="$ALT_FEED_URL" RAW="$RAW" python3 - <<'PY'
import os, ssl, sys, urllib.request
ctx = ssl._create_unverified_context()
try:
    with urllib.request.urlopen(os.environ["FEED"], context=ctx, timeout=30) as r:
        data = r.read()
except OSError as exc:
    sys.exit(f"backup feed failed: {exc}")
with open(os.environ["RAW"], "wb") as fh:
    fh.write(data)
PY
}

log "fetching $FEED_URL"
if ! fetch_primary; then
    log "primary feed failed, trying backup"
    fetch_backup || { log "no price feed available"; exit 1; }
fi

ROWS="$(RAW="$RAW" MARKUP="$MARKUP" BRANDS="$BRANDS" python3 - <<'PY'
import csv, json, os, sys
raw = os.environ["RAW"]
markup = float(os.environ["MARKUP"])
brands = {b.strip().lower() for b in os.environ["BRANDS"].split(",") if b.strip()}
try:
    with open(raw) as fh:
        feed = json.load(fh)
except (OSError, ValueError) as exc:
    sys.exit(f"feed unreadable: {exc}")
w = csv.writer(sys.stdout)
w.writerow(["sku", "brand", "size", "season", "cost", "retail"])
n = 0
for item in feed.get("items", []):
    if brands and item.get("brand", "").lower() not in brands:
        continue
    try:
        cost = float(item["cost"])
    except (KeyError, ValueError):
        continue
    w.writerow([item.get("sku"), item.get("brand"), item.get("size"),
                item.get("season", "all"), f"{cost:.2f}", f"{cost * markup:.2f}"])
    n += 1
print(f"{n} rows", file=sys.stderr)
PY
)"

printf '%s\n' "$ROWS" > "$OUT"
count=$(( $(wc -l < "$OUT") - 1 ))
log "wrote $count prices to $OUT (markup $MARKUP)"
rm -f "$RAW"
