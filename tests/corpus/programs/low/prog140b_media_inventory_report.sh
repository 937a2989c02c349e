#!/usr/bin/env bash
# Daily media and ink inventory report for the production floor.
# Polls each printer's status page (read only), records the loaded media
# and ink levels and writes a CSV plus a short text summary in ./reports.

set -euo pipefail

OUT_DIR="./reports"
PRINTERS_FILE="${1:-./printers.txt}"
TODAY=$(date +%F)
CSV="$OUT_DIR/inventory-$TODAY.csv"
SUMMARY="$OUT_DIR/summary-$TODAY.txt"
LOW_INK_PCT=${LOW_INK_PCT:-15}

mkdir -p "$OUT_DIR/.work"

host_info() {
    # which image the reporting box runs, for the footer
    local name="unknown"
    if [ -r /etc/os-release ]; then
        name=$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")
    fi
    local cores
    cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo "?")
    echo "$name, $cores cores"
}

probe() {
    local host="$1"
    if curl -s -o /dev/null -I --max-time 5 "http://$host/"; then
        return 0
    fi
    return 1
}

fetch_status() {
    local host="$1" dest="$2"
    curl -s --max-time 10 "http://$host/api/status.json" -o "$dest"
}

parse_status() {
    local host="$1" file="$2"
    # one CSV row per ink channel
    jq -r --arg h "$host" \
        '.media as $m | .inks[] | [$h, ($m.name // "?"), ($m.remaining_m // "?"), .colour, .level_pct] | @csv' \
        "$file" | tr -d '"'
}

echo "printer,media,remaining_m,ink,level_pct" > "$CSV"
reachable=0
unreachable=0
while read -r host; do
    case "$host" in ""|\#*) continue ;; esac
    if ! probe "$host"; then
        echo "unreachable: $host" >&2
        unreachable=$((unreachable + 1))
        continue
    fi
    tmp="$OUT_DIR/.work/$host.json"
    if fetch_status "$host" "$tmp" && parse_status "$host" "$tmp" >> "$CSV"; then
        reachable=$((reachable + 1))
    else
        echo "bad status from $host" >&2
    fi
done < "$PRINTERS_FILE"

{
    echo "Inventory $TODAY"
    echo "Printers reported: $reachable, unreachable: $unreachable"
    echo "Low ink (< ${LOW_INK_PCT}%):"
    awk -F, -v lim="$LOW_INK_PCT" 'NR > 1 && $5 + 0 < lim { print "  " $1 " " $4 " " $5 "%" }' "$CSV"
    echo
    echo "Generated on $(hostname) ($(host_info))"
} > "$SUMMARY"

# the per-printer JSON is only needed while building the report
rm -rf "$OUT_DIR/.work"
cat "$SUMMARY"
