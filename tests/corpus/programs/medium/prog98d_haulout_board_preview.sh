#!/usr/bin/env bash
# haulout_board_preview.sh - build the travel-lift haul-out board from the
# bookings export and serve it so the lift crew can check it on their
# tablets before it goes up on the office screen.
#
# Input CSV columns: date,slot,vessel,loa_m,beam_m,draft_m,owner,job,stand
set -euo pipefail

PROG=${0##*/}
SRC=${1:-./haulout_bookings.csv}
OUT=${BOARD_DIR:-./board}
PORT=${BOARD_PORT:-8088}
DAYS=${BOARD_DAYS:-7}
LIFT_MAX_BEAM=${LIFT_MAX_BEAM:-5.2}
YARD=${YARD_NAME:-"Harbour Boatyard"}

log() { printf '%s %s: %s\n' "$(date +%T)" "$PROG" "$*" >&2; }
die() { log "$*"; exit 1; }

[[ -r $SRC ]] || die "cannot read $SRC"
command -v python3 >/dev/null || die "python3 needed to serve the preview"

today=$(date +%F)
until=$(date -d "+$DAYS days" +%F)

mkdir -p "$OUT"

render_rows() {
    awk -F',' -v from="$today" -v to="$until" -v maxbeam="$LIFT_MAX_BEAM" '
        function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
        NR == 1 { next }
        $1 < from || $1 > to { next }
        {
            cls = ($5 + 0 > maxbeam + 0) ? " class=\"warn\"" : ""
            if ($1 != last) { printf "<tr class=\"day\"><th colspan=\"7\">%s</th></tr>\n", $1; last = $1 }
            printf "<tr%s><td>%s</td><td>%s</td><td>%.1f</td><td>%.1f</td><td>%.1f</td><td>%s</td><td>%s</td></tr>\n",
                cls, esc($2), esc($3), $4, $5, $6, esc($8), esc($9)
        }' < <(sort -t',' -k1,1 -k2,2 "$SRC")
}

build_board() {
    local rows count
    rows=$(render_rows)
    count=$(grep -c '<td>' <<<"$rows" || true)
    cat > "$OUT/index.html.new" <<EOF
<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="300">
<title>$YARD haul-out board</title>
<style>
 body{font-family:sans-serif;background:#0b2239;color:#eef}
 table{border-collapse:collapse;width:100%}
 td,th{padding:.4em .6em;border-bottom:1px solid #345}
 tr.day th{background:#17406b;text-align:left}
 tr.warn td{color:#ffb347}
</style></head><body>
<h1>$YARD &mdash; lifts $today to $until</h1>
<table>
<tr><th>Slot</th><th>Vessel</th><th>LOA</th><th>Beam</th><th>Draft</th><th>Job</th><th>Stand</th></tr>
$rows
</table>
<p>$count lifts booked. Beam over ${LIFT_MAX_BEAM} m shown amber: check slings.</p>
<p>Generated $(date '+%F %R')</p>
</body></html>
EOF
    mv -f "$OUT/index.html.new" "$OUT/index.html"
    log "board built: $count lifts"
}

build_board

log "serving $OUT on port $PORT (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT"
