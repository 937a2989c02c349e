#!/usr/bin/env bash
# leaderboard_preview.sh - render the weekly kart leaderboard from laps.db
# and serve it on the office network so staff can check it on the lobby
# screens before it goes live.
#
# usage: leaderboard_preview.sh [-c leaderboard.conf] [-w week] [-p port] [--no-serve]
set -euo pipefail

CONF=${LEADERBOARD_CONF:-./leaderboard.conf}
WEEK=$(date +%G-W%V)
PORT=8088
SERVE=1

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CONF=$2; shift 2 ;;
        -w) WEEK=$2; shift 2 ;;
        -p) PORT=$2; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"
DB=${DB:-./laps.db}
OUT=${OUT:-./public}
THEME_DIR=${THEME_DIR:-./.theme}
THEME_BASE=${THEME_BASE:-https://cdn.trackside-themes.net/leaderboard/v3}
TRACK_NAME=${TRACK_NAME:-"Ridgeline Karting"}
TOP_N=${TOP_N:-20}

log() { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$1" "$2" >&2; }
die() { log ERROR "$*"; exit 1; }

command -v sqlite3 >/dev/null || die "sqlite3 not installed"
[ -r "$DB" ] || die "lap database $DB not readable"

fetch_theme() {
    mkdir -p "$THEME_DIR"
    local asset
    for asset in style.css board.js logo.svg; do
        if ! curl -fsSL --retry 3 --max-time 20 "$THEME_BASE/$asset" -o "$THEME_DIR/$asset.part"; then
            log WARN "theme asset $asset unavailable, keeping cached copy"
            rm -f "$THEME_DIR/$asset.part"
            continue
        fi
        mv "$THEME_DIR/$asset.part" "$THEME_DIR/$asset"
    done
}

leaderboard_rows() {
    sqlite3 -separator $'\t' "$DB" <<SQL
SELECT d.display_name, k.class, MIN(l.lap_ms) AS best, COUNT(*) AS laps
FROM laps l
JOIN drivers d ON d.id = l.driver_id
JOIN karts k ON k.id = l.kart_id
WHERE strftime('%G-W%V', l.recorded_at) = '$WEEK' AND l.valid = 1
GROUP BY d.id, k.class
ORDER BY k.class, best
LIMIT $TOP_N;
SQL
}

fmt_ms() { awk -v ms="$1" 'BEGIN { printf "%d:%06.3f", int(ms/60000), (ms%60000)/1000 }'; }

html_escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

render() {
    mkdir -p "$OUT"
    cp -f "$THEME_DIR"/style.css "$THEME_DIR"/board.js "$THEME_DIR"/logo.svg "$OUT"/ 2>/dev/null || true
    {
        printf '<!doctype html><html><head><meta charset="utf-8">'
        printf '<title>%s - week %s</title><link rel="stylesheet" href="style.css"></head><body>' \
            "$TRACK_NAME" "$WEEK"
        printf '<header><img src="logo.svg" alt=""><h1>%s</h1><p>Week %s</p></header>' "$TRACK_NAME" "$WEEK"
        printf '<table class="board"><tr><th>#</th><th>Driver</th><th>Class</th><th>Best</th><th>Laps</th></tr>\n'
        local pos=0 name class best laps
        while IFS=$'\t' read -r name class best laps; do
            pos=$((pos + 1))
            printf '<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
                "$pos" "$(printf '%s' "$name" | html_escape)" "$class" "$(fmt_ms "$best")" "$laps"
        done < <(leaderboard_rows)
        printf '</table><script src="board.js"></script></body></html>\n'
    } > "$OUT/index.html.tmp"
    mv "$OUT/index.html.tmp" "$OUT/index.html"
    log INFO "rendered $(grep -c '<tr><td>' "$OUT/index.html" || true) rows for $WEEK"
}

serve_preview() {
    local ip
    ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    log INFO "preview at http://${ip:-this-host}:$PORT/ (Ctrl-C to stop)"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT"
}

fetch_theme
render
[ "$SERVE" -eq 1 ] && serve_preview
log INFO "done; files in $OUT"
