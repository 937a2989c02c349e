#!/usr/bin/env bash
# Audit the columns of every CSV in ./data: row counts, empty cells per column,
# and country codes that are not in the ISO 3166 reference list.
set -euo pipefail

DATA_DIR="${1:-data}"
REPORT_DIR="${REPORT_DIR:-reports}"
REF_URL="https://raw.githubusercontent.com/datasets/country-codes/master/data/country-codes.csv"
REF_FILE="ref/country-codes.csv"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

fetch_reference() {
    mkdir -p ref
    if [[ -s "$REF_FILE" ]]; then
        log "using cached $REF_FILE"
        return
    fi
    log "downloading country code reference"
    curl -fsSL --max-time 30 -o "$REF_FILE" "$REF_URL"
}

iso_codes() {
    # column 10 of the reference is ISO3166-1-Alpha-2
    awk -F',' 'NR > 1 && $10 != "" { gsub(/"/, "", $10); print $10 }' "$REF_FILE" | sort -u
}

audit_file() {
    local csv="$1" out="$2"
    local rows
    rows=$(($(wc -l < "$csv") - 1))
    {
        echo "== $(basename "$csv") ($rows rows)"
        awk -F',' '
            NR == 1 { for (i = 1; i <= NF; i++) name[i] = $i; n = NF; next }
            { for (i = 1; i <= n; i++) if ($i == "" || $i == "NA") empty[i]++ }
            END { for (i = 1; i <= n; i++) printf "  %-24s empty=%d\n", name[i], empty[i] + 0 }
        ' "$csv"
    } >> "$out"
}

check_countries() {
    local csv="$1" out="$2" col
    col=$(head -n1 "$csv" | tr ',' '\n' | grep -n -i -x 'country_code' | cut -d: -f1 || true)
    [[ -z "$col" ]] && return 0
    cut -d',' -f"$col" "$csv" | tail -n +2 | tr '[:lower:]' '[:upper:]' | sort -u \
        | comm -23 - <(iso_codes) > "$REPORT_DIR/unknown_codes_$(basename "$csv" .csv).txt"
    local bad
    bad=$(wc -l < "$REPORT_DIR/unknown_codes_$(basename "$csv" .csv).txt")
    echo "  unknown country codes: $bad" >> "$out"
}

main() {
    [[ -d "$DATA_DIR" ]] || { log "no such directory: $DATA_DIR"; exit 1; }
    mkdir -p "$REPORT_DIR"
    fetch_reference
    local summary="$REPORT_DIR/column_audit.txt"
    : > "$summary"
    shopt -s nullglob
    local files=("$DATA_DIR"/*.csv)
    if (( ${#files[@]} == 0 )); then
        log "no CSV files in $DATA_DIR"
        exit 0
    fi
    for f in "${files[@]}"; do
        log "auditing $f"
        audit_file "$f" "$summary"
        check_countries "$f" "$summary"
    done
    log "summary written to $summary"
    cat "$summary"
}

main "$@"
