#!/usr/bin/env bash
# Build a small HTML "rate board" from the latest FX snapshot and serve it so
# the trading-desk wall screens on the LAN can display it.
set -euo pipefail

RATES_DIR="${RATES_DIR:-./rates}"
BOARD_DIR="./board"
PORT="${BOARD_PORT:-8088}"
REFRESH_SECS=60
QUOTES=(USD GBP CHF JPY SEK)

die() { echo "rate-board: $*" >&2; exit 1; }

latest_snapshot() {
    ls -1d "${RATES_DIR}"/*/ 2>/dev/null | sort | tail -n 1
}

render_row() {
    local base="$1" quote="$2" file="$3" rate
    rate="$(jq -r --arg q "$quote" '.rates[$q] // "n/a"' "$file")"
    printf '<tr><td>%s/%s</td><td class="r">%s</td></tr>\n' "$base" "$quote" "$rate"
}

build_board() {
    local snap="$1" base_file
    mkdir -p "$BOARD_DIR"
    {
        cat <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="${REFRESH_SECS}">
<title>Desk FX board</title>
<style>body{font:28px monospace;background:#111;color:#eee}td.r{text-align:right;padding-left:2em}</style>
</head><body><h1>Reference rates $(basename "$snap")</h1><table>
HTML
        for base_file in "$snap"*.json; do
            base="$(basename "$base_file" .json)"
            for q in "${QUOTES[@]}"; do
                [[ "$q" == "$base" ]] && continue
                render_row "$base" "$q" "$base_file"
            done
        done
        echo "</table><p>generated $(date -u '+%F %T') UTC</p></body></html>"
    } > "${BOARD_DIR}/index.html.new"
    mv "${BOARD_DIR}/index.html.new" "${BOARD_DIR}/index.html"
}

refresh_loop() {
    while sleep "$REFRESH_SECS"; do
        snap="$(latest_snapshot)"
        [[ -n "$snap" ]] && build_board "$snap" || true
    done
}

command -v jq >/dev/null || die "jq not installed"
command -v python3 >/dev/null || die "python3 not installed"

snap="$(latest_snapshot)"
[[ -n "$snap" ]] || die "no snapshots under $RATES_DIR"
build_board "$snap"
echo "board built from $snap"

refresh_loop &
refresher=$!
trap 'kill "$refresher" 2>/dev/null || true' EXIT INT TERM

echo "serving ${BOARD_DIR} on port ${PORT} for the desk screens"
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$BOARD_DIR"
