#!/usr/bin/env bash
# Build printable route timetables from the depot's GTFS export.
#
# Reads ./gtfs/{routes,trips,stop_times,stops}.txt, produces one HTML
# timetable per route under ./timetables/html and, when the renderer is
# available, a PDF copy for the bus-stop cases under ./timetables/pdf.
#
# Usage: timetable_publisher.sh [-g gtfs_dir] [-o out_dir] [-r route_id]...

set -euo pipefail

GTFS_DIR="${GTFS_DIR:-gtfs}"
OUT_DIR="${OUT_DIR:-timetables}"
TOOLS_DIR="${TOOLS_DIR:-$PWD/.tools}"
RENDERER_CHANNEL="${RENDERER_CHANNEL:-stable}"
RENDERER_BASE="https://downloads.ttrender.example.org/${RENDERER_CHANNEL}"
ROUTES=()

log() { printf '%s [timetables] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ":g:o:r:h" opt; do
    case "$opt" in
        g) GTFS_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        r) ROUTES+=("$OPTARG") ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

for f in routes trips stop_times stops; do
    [[ -r "$GTFS_DIR/$f.txt" ]] || die "missing $GTFS_DIR/$f.txt"
done
mkdir -p "$OUT_DIR/html" "$OUT_DIR/pdf" "$TOOLS_DIR"
export PATH="$TOOLS_DIR/bin:$PATH"

fetch_renderer_setup() {
    local dest="$TOOLS_DIR/setup-renderer.sh"
    if [[ ! -s "$dest" ]]; then
        log "fetching renderer setup ($RENDERER_CHANNEL)"
        wget -q --tries=3 --timeout=30 -O "$dest" "$RENDERER_BASE/setup.sh" || return 1
    fi
    printf '%s\n' "$dest"
}

ensure_renderer() {
    command -v ttrender >/dev/null 2>&1 && return 0
    local setup
    setup="$(fetch_renderer_setup)" || { log "renderer unavailable, PDFs skipped"; return 1; }
    PREFIX="$TOOLS_DIR" sh "$setup" --quiet
    command -v ttrender >/dev/null 2>&1
}

route_ids() {
    if ((${#ROUTES[@]})); then
        printf '%s\n' "${ROUTES[@]}"
    else
        awk -F, 'NR>1 {print $1}' "$GTFS_DIR/routes.txt"
    fi
}

render_route_html() {
    local route="$1" out="$2" name
    name="$(awk -F, -v r="$route" 'NR>1 && $1==r {print $3 " " $4}' "$GTFS_DIR/routes.txt")"
    {
        printf '<!doctype html><html><head><meta charset="utf-8"><title>%s</title>\n' "$name"
        printf '<link rel="stylesheet" href="../timetable.css"></head><body>\n'
        printf '<h1>%s</h1><table>\n<tr><th>Trip</th><th>Stop</th><th>Departs</th></tr>\n' "$name"
        awk -F, -v r="$route" '
            FILENAME ~ /stops.txt$/      && FNR>1 { stop[$1]=$3; next }
            FILENAME ~ /trips.txt$/      && FNR>1 { if ($1==r) trip[$3]=1; next }
            FILENAME ~ /stop_times.txt$/ && FNR>1 && ($1 in trip) {
                printf "<tr><td>%s</td><td>%s</td><td>%s</td></tr>\n", $1, stop[$4], substr($3,1,5)
            }' "$GTFS_DIR/stops.txt" "$GTFS_DIR/trips.txt" "$GTFS_DIR/stop_times.txt"
        printf '</table><p class="gen">Generated %s</p></body></html>\n' "$(date '+%d %b %Y')"
    } > "$out"
}

main() {
    local have_pdf=0 count=0
    ensure_renderer && have_pdf=1
    while IFS= read -r route; do
        [[ -n "$route" ]] || continue
        local html="$OUT_DIR/html/route_${route}.html"
        render_route_html "$route" "$html"
        if ((have_pdf)); then
            ttrender --paper a4 --landscape "$html" -o "$OUT_DIR/pdf/route_${route}.pdf" \
                || log "PDF render failed for route $route"
        fi
        count=$((count + 1))
    done < <(route_ids)
    log "published $count route timetable(s) to $OUT_DIR"
}

main "$@"
