#!/usr/bin/env bash
# Yard camera health check.
#
# Checks every yard and quay camera listed in cameras.list (name and host),
# with a HEAD request on the status page and a GET of the snapshot, and
# builds a small HTML report in the working directory with the thumbnails
# inlined as data URIs so the report can be mailed as a single file.

set -u

CAM_LIST="${CAM_LIST:-cameras.list}"
REPORT="${REPORT:-camera_report.html}"
TIMEOUT="${TIMEOUT:-6}"
SNAP_DIR="./snapshots"

declare -A PATHS=(
  [status]="/status"
  [snap]="/cgi-bin/snapshot.cgi?res=low"
)
DEFAULT_CAMS=(
  "quay-07 192.0.2.71"
  "quay-08 192.0.2.72"
  "block-3C 198.51.100.33"
  "gate-in-2 cam-gate2.example.net"
)

log() { printf '%s camcheck: %s\n' "$(date '+%T')" "$*" >&2; }

load_cams() {
  if [[ -r "$CAM_LIST" ]]; then
    grep -v -E '^[[:space:]]*(#|$)' "$CAM_LIST"
  else
    printf '%s\n' "${DEFAULT_CAMS[@]}"
  fi
}

head_status() {
  local host="$1"
  curl -s -o /dev/null -I --max-time "$TIMEOUT" -w '%{http_code}' "http://${host}${PATHS[status]}"
}

fetch_snapshot() {
  local name="$1" host="$2" out="${SNAP_DIR}/${1}.jpg"
  if curl -fs --max-time "$TIMEOUT" -o "$out" "http://${host}${PATHS[snap]}"; then
    echo "$out"
  fi
}

as_data_uri() {
  printf 'data:image/jpeg;base64,%s' "$(base64 -w0 "$1")"
}

html_row() {
  local name="$1" host="$2" code="$3" img="$4" cell
  if [[ -n "$img" && -s "$img" ]]; then
    cell="<img width=\"160\" src=\"$(as_data_uri "$img")\">"
  else
    cell="no snapshot"
  fi
  printf '<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
    "$name" "$host" "$code" "$cell"
}

main() {
  local name host code img ok=0 total=0
  mkdir -p "$SNAP_DIR"
  {
    echo "<html><head><meta charset=\"utf-8\"><title>Camera check $(date +%F)</title></head><body>"
    echo "<table border=\"1\"><tr><th>camera</th><th>host</th><th>status</th><th>snapshot</th></tr>"
  } >"$REPORT"
  while read -r name host; do
    [[ -n "${host:-}" ]] || continue
    total=$((total + 1))
    code="$(head_status "$host")"
    img=""
    if [[ "$code" == 2* ]]; then
      ok=$((ok + 1))
      img="$(fetch_snapshot "$name" "$host")"
    else
      log "${name} (${host}) answered ${code:-nothing}"
    fi
    html_row "$name" "$host" "${code:-000}" "$img" >>"$REPORT"
  done < <(load_cams)
  echo "</table><p>${ok}/${total} cameras up</p></body></html>" >>"$REPORT"
  log "${ok}/${total} cameras up, report ${REPORT}"
  [[ $ok -eq $total ]]
}

case "${1:-check}" in
  check) main ;;
  list)  load_cams ;;
  *) echo "usage: $0 [check|list]"; exit 2 ;;
esac
