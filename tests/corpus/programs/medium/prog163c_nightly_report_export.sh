#!/usr/bin/env bash
# Nightly stock report: pulls the lot export from the inventory server
# on the office LAN and writes a per-species summary for the coordinators.
set -eu

INVENTORY_URL="${INVENTORY_URL:-https://inventory.seedbank.example/api/export/lots.csv}"
WORK_FILE="/tmp/seedbank_lots.csv"
SUMMARY_FILE="/tmp/seedbank_summary.txt"
REPORT_DIR="${REPORT_DIR:-./reports}"
LOW_STOCK="${LOW_STOCK:-5}"

log() {
    echo "$(date '+%F %T') $*" >&2
}

fetch_export() {
    log "downloading lot export"
    # the office server still uses its self-signed certificate
    curl -sS -k --max-time 120 -o "$WORK_FILE" "$INVENTORY_URL"
    lines=$(wc -l < "$WORK_FILE")
    if [ "$lines" -lt 2 ]; then
        log "export looks empty ($lines lines)"
        return 1
    fi
    log "got $((lines - 1)) lots"
}

species_summary() {
    awk -F, 'NR > 1 {
        packets[$3] += $6
        lots[$3] += 1
    }
    END {
        for (s in packets) printf "%-30s %5d lots %7d packets\n", s, lots[s], packets[s]
    }' "$WORK_FILE" | sort
}

low_stock() {
    awk -F, -v min="$LOW_STOCK" 'NR > 1 && $6 < min {
        printf "%-10s %-28s %3d left\n", $1, $2, $6
    }' "$WORK_FILE"
}

old_lots() {
    year=$(date +%Y)
    awk -F, -v y="$year" 'NR > 1 && (y - $5) >= 5 {
        printf "%-10s %-28s harvested %s\n", $1, $2, $5
    }' "$WORK_FILE"
}

write_summary() {
    {
        echo "Seed bank stock report - $(date '+%A %d %B %Y')"
        echo
        echo "By species"
        echo "----------"
        species_summary
        echo
        echo "Low stock (< $LOW_STOCK packets)"
        echo "-------------------------------"
        low_stock
        echo
        echo "Lots due for regrow (5+ years old)"
        echo "----------------------------------"
        old_lots
    } > "$SUMMARY_FILE"
    chmod 644 "$SUMMARY_FILE"
}

publish() {
    mkdir -p "$REPORT_DIR"
    dest="$REPORT_DIR/stock-$(date +%Y%m%d).txt"
    cp "$SUMMARY_FILE" "$dest"
    log "report written to $dest"
}

main() {
    fetch_export
    write_summary
    publish
    if [ "${1:-}" = "--print" ]; then
        cat "$SUMMARY_FILE"
    fi
}

main "$@"
