#!/usr/bin/env bash
# master_key_chart_share.sh - let the van crews pull the current master-key
# charts and cylinder schedules from the workshop PC over the shop Wi-Fi.
# Stages the chosen jobs' PDFs into a share folder and serves it until Ctrl-C.
set -euo pipefail

CHART_ROOT="${CHART_ROOT:-$PWD/charts}"
SHARE_DIR="/tmp/mk-share"
PORT="${SHARE_PORT:-8088}"
BIND="${SHARE_BIND:-0.0.0.0}"
INDEX="$SHARE_DIR/index.txt"

usage() {
  echo "usage: $0 JOB_REF [JOB_REF...]   e.g. $0 MK-2291 MK-2304" >&2
  exit 2
}

stage_job() {
  local ref="$1" src count=0 f
  src="$CHART_ROOT/$ref"
  if [[ ! -d "$src" ]]; then
    echo "no charts for $ref under $CHART_ROOT" >&2
    return 1
  fi
  mkdir -p "$SHARE_DIR/$ref"
  for f in "$src"/*.pdf "$src"/*.csv; do
    [[ -e "$f" ]] || continue
    cp -p "$f" "$SHARE_DIR/$ref/"
    count=$((count + 1))
  done
  printf '%s\t%d files\n' "$ref" "$count" >> "$INDEX"
}

server_cmd() {
  local -a py=(python3)
  command -v python3 >/dev/null 2>&1 || py=(python)
  SERVE=("${py[@]}" -m "http.$(printf server)" "$PORT" --bind "$BIND" --directory "$SHARE_DIR")
}

addresses() {
  local ip
  for ip in $(hostname -I 2>/dev/null); do
    printf '  http://%s:%s/\n' "$ip" "$PORT"
  done
}

cleanup() {
  echo "stopping share; staged copies left in $SHARE_DIR"
}

main() {
  [[ $# -ge 1 ]] || usage
  mkdir -p "$SHARE_DIR"
  : > "$INDEX"
  local ref ok=0
  for ref in "$@"; do
    stage_job "$ref" && ok=$((ok + 1))
  done
  [[ $ok -gt 0 ]] || { echo "nothing staged" >&2; exit 1; }
  chmod -R a+rX "$SHARE_DIR"
  server_cmd
  echo "sharing $ok job(s) from $SHARE_DIR on:"
  addresses
  trap cleanup EXIT
  "${SERVE[@]}"
}

main "$@"
