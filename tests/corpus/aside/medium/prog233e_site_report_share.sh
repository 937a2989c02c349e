#!/usr/bin/env bash
# Render per-site daily production pages from the collector CSVs and serve
# them on the site LAN so the installer's tablet can show them to the customer.
set -euo pipefail

DATA_DIR="${DATA_DIR:-${PWD}/data/readings}"
OUT_DIR="${OUT_DIR:-${PWD}/site-pages}"
PORT="${PORT:-8080}"
LISTEN_PARTS=(0 0 0 0)
PID_FILE="/tmp/invmon-share.pid"
SERVE_LOG="/tmp/invmon-share.log"

log() { printf '[share] %s\n' "$*" >&2; }

listen_addr() {
  local IFS='.'
  printf '%s' "${LISTEN_PARTS[*]}"
}

html_head() {
  cat <<HTML
<!doctype html><html><head><meta charset="utf-8">
<title>$1</title><style>body{font-family:sans-serif}td{padding:2px 8px}</style>
</head><body><h1>$1</h1><table>
HTML
}

render_site() {
  local csv="$1" page site
  site="$(basename "$csv" .csv)"
  page="${OUT_DIR}/${site}.html"
  {
    html_head "Production - ${site}"
    awk -F, 'NR==1 {printf "<tr>"; for (i=1;i<=NF;i++) printf "<th>%s</th>", $i; print "</tr>"; next}
             {printf "<tr>"; for (i=1;i<=NF;i++) printf "<td>%s</td>", $i; print "</tr>"}' "$csv"
    echo "</table><p>generated $(date '+%F %R')</p></body></html>"
  } >"$page"
  echo "$site"
}

render_index() {
  local sites=("$@") s
  {
    html_head "Sites on $(hostname)"
    for s in "${sites[@]}"; do
      printf '<tr><td><a href="%s.html">%s</a></td></tr>\n' "$s" "$s"
    done
    echo "</table></body></html>"
  } >"${OUT_DIR}/index.html"
}

stop_server() {
  if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
    kill "$(cat "$PID_FILE")"
    log "stopped previous server"
  fi
  rm -f "$PID_FILE"
}

start_server() {
  local addr
  addr="$(listen_addr)"
  stop_server
  nohup python3 -m http.server "$PORT" --bind "$addr" --directory "$OUT_DIR" \
    >"$SERVE_LOG" 2>&1 &
  echo $! >"$PID_FILE"
  log "serving ${OUT_DIR} on ${addr}:${PORT} (pid $(cat "$PID_FILE"))"
}

main() {
  case "${1:-render-and-serve}" in
    stop) stop_server; exit 0 ;;
    render-and-serve|render) ;;
    *) echo "usage: $0 [render|render-and-serve|stop]" >&2; exit 2 ;;
  esac
  [[ -d "$DATA_DIR" ]] || { log "no data in $DATA_DIR"; exit 1; }
  mkdir -p "$OUT_DIR"
  local sites=() f
  for f in "$DATA_DIR"/*.csv; do
    [[ -e "$f" ]] || continue
    sites+=("$(render_site "$f")")
  done
  if (( ${#sites[@]} == 0 )); then
    log "no CSV files found"
    exit 1
  fi
  render_index "${sites[@]}"
  log "rendered ${#sites[@]} site pages"
  [[ "${1:-}" == "render" ]] && exit 0
  start_server
}

main "$@"
