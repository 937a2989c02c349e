#!/usr/bin/env bash
# Build the monthly ledger export bundle for the external bookkeeper.
# Pulls the public ECB rates for the header, embeds the CSV as base64 in a
# JSON envelope, and stores everything under ./exports (private perms).
set -eu

MONTH="${1:-$(date +%Y-%m)}"
SRC_DIR="${LEDGER_SRC:-./ledger}"
OUT_DIR="./exports/$MONTH"
RATES_URL="https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"
LOG_FILE="./exports/export.log"

mkdir -p "$OUT_DIR"
touch "$LOG_FILE"

log() {
    echo "$(date -Iseconds) $*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

host_info() {
    local name="unknown"
    if [ -r /etc/os-release ]; then
        name=$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')
        [ -n "$name" ] || name="unknown"
    fi
    echo "$name"
}

fetch_rates() {
    local out="$OUT_DIR/ecb_rates.xml"
    if curl -fsS --max-time 20 -o "$out" "$RATES_URL"; then
        log "fetched ECB reference rates"
    else
        log "warning: could not fetch ECB rates, continuing without"
        rm -f "$out"
    fi
}

collect_journal() {
    local journal="$OUT_DIR/journal_$MONTH.csv"
    local files
    files=$(ls "$SRC_DIR"/journal_"$MONTH"-*.csv 2>/dev/null || true)
    [ -n "$files" ] || die "no journal files for $MONTH in $SRC_DIR"
    head -n 1 $(echo "$files" | head -n 1) > "$journal"
    for f in $files; do
        tail -n +2 "$f" >> "$journal"
    done
    echo "$journal"
}

build_envelope() {
    local csv="$1"
    local env_file="$OUT_DIR/envelope_$MONTH.json"
    local rows
    rows=$(($(wc -l < "$csv") - 1))
    {
        printf '{\n'
        printf '  "period": "%s",\n' "$MONTH"
        printf '  "generated_on": "%s",\n' "$(host_info)"
        printf '  "rows": %d,\n' "$rows"
        printf '  "sha256": "%s",\n' "$(sha256sum "$csv" | cut -d" " -f1)"
        printf '  "content_b64": "%s"\n' "$(base64 -w0 "$csv")"
        printf '}\n'
    } > "$env_file"
    chmod 600 "$env_file" "$csv"
    log "envelope written: $env_file ($rows rows)"
}

main() {
    log "starting export for $MONTH"
    fetch_rates
    journal=$(collect_journal)
    build_envelope "$journal"
    chmod 700 "$OUT_DIR"
    log "done"
}

main
