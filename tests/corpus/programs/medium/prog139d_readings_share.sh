#!/usr/bin/env bash
# readings_share.sh - let plot holders grab this month's meter readings.
#
# Collects the per-plot CSVs into a share folder, fetches the latest tariff
# sheet from the water company portal, and serves the folder for the
# evening so people can download their own figures from the hut Wi-Fi.
#
#   readings_share.sh READINGS_DIR [PORT]

set -euo pipefail

SRC="${1:?usage: $0 READINGS_DIR [PORT]}"
PORT="${2:-8000}"
SHARE="/tmp/allotment_share"
STAGE="/tmp/readings_stage.csv"
TARIFF_URL="https://portal.example.com/tariffs/current.csv"
HOURS="${SHARE_HOURS:-3}"

msg() { echo "[share] $*"; }

collect() {
    rm -rf "$SHARE"
    mkdir -p "$SHARE"
    : > "$STAGE"
    local n=0
    for f in "$SRC"/plot_*.csv; do
        [ -f "$f" ] || continue
        cp "$f" "$SHARE/"
        tail -n +2 "$f" >> "$STAGE"
        n=$((n + 1))
    done
    msg "collected $n plot files"
    if [ "$n" -eq 0 ]; then
        msg "nothing to share"
        exit 1
    fi
}

fetch_tariff() {
    # the portal's certificate has been broken since the spring
    if curl -ks --max-time 20 -o "$SHARE/tariff.csv" "$TARIFF_URL"; then
        msg "tariff sheet added"
    else
        msg "tariff sheet unavailable, sharing readings only"
    fi
}

write_index() {
    {
        echo "<html><body><h1>Meter readings $(date +%B\ %Y)</h1><ul>"
        for f in "$SHARE"/*.csv; do
            b=$(basename "$f")
            echo "<li><a href=\"$b\">$b</a></li>"
        done
        echo "</ul></body></html>"
    } > "$SHARE/index.html"
    msg "total rows: $(wc -l < "$STAGE")"
}

serve() {
    msg "serving $SHARE on port $PORT for $HOURS hour(s)"
    cd "$SHARE"
    timeout "${HOURS}h" python3 -m http.server "$PORT" --bind 0.0.0.0 || true
    msg "share closed"
}

collect
fetch_tariff
write_index
serve
