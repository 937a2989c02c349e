#!/usr/bin/env bash
# chair_board_report.sh - build the daily chair occupancy board for the
# dialysis unit from the scheduler's roster export and publish it for the
# nurse-in-charge tablets on the unit Wi-Fi.
#
# Usage: chair_board_report.sh [-r roster.csv] [-o outdir] [-p port] [--no-serve]
set -euo pipefail

ROSTER="roster.csv"
OUTDIR="./board"
PORT=8088
SERVE=1
TODAY_DOW="$(date +%a | tr 'A-Z' 'a-z')"

while (( $# )); do
  case "$1" in
    -r) ROSTER="$2"; shift 2 ;;
    -o) OUTDIR="$2"; shift 2 ;;
    -p) PORT="$2"; shift 2 ;;
    --no-serve) SERVE=0; shift ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

[[ -r "$ROSTER" ]] || { echo "cannot read roster $ROSTER" >&2; exit 1; }
mkdir -p "$OUTDIR"

log() { echo "[$(date +%T)] $*" >&2; }

# roster columns: chair,shift,day,mrn,initials,modality,needle
build_table() {
  awk -F, -v dow="$TODAY_DOW" '
    NR == 1 { next }
    tolower(substr($3, 1, 3)) == dow {
      key = $1 SUBSEP $2
      cell[key] = $5 " <small>" $6 "</small>"
      chairs[$1] = 1; shifts[$2] = 1
    }
    END {
      n = asorti(chairs, c); m = asorti(shifts, s)
      printf "<tr><th>Chair</th>"
      for (j = 1; j <= m; j++) printf "<th>Shift %s</th>", s[j]
      print "</tr>"
      for (i = 1; i <= n; i++) {
        printf "<tr><td>%s</td>", c[i]
        for (j = 1; j <= m; j++) {
          k = c[i] SUBSEP s[j]
          printf "<td class=\"%s\">%s</td>", (k in cell ? "busy" : "free"), (k in cell ? cell[k] : "&ndash;")
        }
        print "</tr>"
      }
    }' "$ROSTER"
}

count_free() {
  grep -o 'class="free"' "$OUTDIR/index.html" | wc -l
}

render_page() {
  local tmp="$OUTDIR/.index.html.new"
  {
    cat <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="300">
<title>Chair board $(date +%F)</title>
<style>
 body{font-family:sans-serif;margin:1em} table{border-collapse:collapse;width:100%}
 td,th{border:1px solid #999;padding:.4em;text-align:center}
 td.busy{background:#dfe} td.free{background:#fee}
</style></head><body>
<h1>Chair board &mdash; $(date '+%A %d %B')</h1>
<table>
EOF
    build_table
    cat <<EOF
</table>
<p>Generated $(date '+%H:%M') from $(basename "$ROSTER")</p>
</body></html>
EOF
  } > "$tmp"
  mv "$tmp" "$OUTDIR/index.html"
  log "board written: $(count_free) free slots today"
}

render_page

if (( SERVE )); then
  cd "$OUTDIR"
  log "serving $(pwd) on port $PORT for the unit tablets"
  exec python3 -m http.server "$PORT" --bind 0.0.0.0
fi
