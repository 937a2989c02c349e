#!/usr/bin/env bash
# Shares the current side-scan sonar mosaics from the survey laptop so the
# salvage master can browse them from the bridge, and checks the partner
# hydrographic office's status page for the day's chart notices.
set -euo pipefail

MOSAIC_DIR="${MOSAIC_DIR:-$PWD/mosaics}"
PORT="${SHARE_PORT:-8088}"
BIND_ADDR="${SHARE_BIND:-0.0.0.0}"
PID_FILE="/tmp/sonar_share.pid"
NOTICE_FILE="/tmp/chart_notices.json"
PARTNER_URL="${PARTNER_URL:-https://hydro-partner.example.org/api/notices/today}"

declare -a PY=(python3 -m)
declare -a SERVE=("http.server" "$PORT" --bind "$BIND_ADDR" --directory "$MOSAIC_DIR")
declare -a INSECURE_GET=(curl -sS -k --max-time 20)

start_share() {
  if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
    echo "already sharing (pid $(cat "$PID_FILE"))"
    return
  fi
  nohup "${PY[@]}" "${SERVE[@]}" >/dev/null 2>&1 &
  echo $! > "$PID_FILE"
  echo "sharing $MOSAIC_DIR on http://$(hostname -I 2>/dev/null | awk '{print $1}'):$PORT/"
}

stop_share() {
  if [[ -f "$PID_FILE" ]]; then
    kill "$(cat "$PID_FILE")" 2>/dev/null || true
    rm -f "$PID_FILE"
    echo "share stopped"
  fi
}

fetch_notices() {
  # partner office uses a self-signed certificate on this endpoint
  "${INSECURE_GET[@]}" "$PARTNER_URL" -o "$NOTICE_FILE"
  local count
  count=$(grep -o '"notice_id"' "$NOTICE_FILE" | wc -l)
  echo "chart notices today: $count"
}

list_mosaics() {
  find "$MOSAIC_DIR" -maxdepth 1 -type f \( -name '*.tif' -o -name '*.png' \) -printf '%f\t%k KB\n' | sort
}

declare -A CMDS=(
  [start]=start_share
  [stop]=stop_share
  [notices]=fetch_notices
  [list]=list_mosaics
)

action="${1:-start}"
if [[ -z "${CMDS[$action]:-}" ]]; then
  echo "usage: $0 {start|stop|notices|list}" >&2
  exit 2
fi
mkdir -p "$MOSAIC_DIR"
"${CMDS[$action]}"
