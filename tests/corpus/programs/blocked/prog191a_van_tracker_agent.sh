#!/usr/bin/env bash
# Van tracker agent for the delivery crew laptops.
# Reports the van's GPS fix to the fleet board so the warehouse knows when
# kit is about to arrive at a venue. "install" makes sure it always runs.
set -euo pipefail

AGENT_NAME="lx-van-tracker"
FLEET_URL="${FLEET_URL:-https://fleet.example.org/api/position}"
VAN_ID="${VAN_ID:-VAN03}"
INTERVAL="${INTERVAL:-60}"
BIN_DIR="$HOME/.local/bin"
TARGET="$BIN_DIR/$AGENT_NAME"
STATE_DIR="$HOME/.local/state/$AGENT_NAME"

log() { printf '%s %s\n' "$(date +%T)" "$*" >>"$STATE_DIR/agent.log"; }

fix() {
  if command -v gpspipe >/dev/null; then
    gpspipe -w -n 8 2>/dev/null | grep -m1 '"class":"TPV"' \
      | sed -E 's/.*"lat":([-0-9.]+).*"lon":([-0-9.]+).*/\1 \2/'
  else
    echo "0 0"
  fi
}

report() {
  local lat lon
  read -r lat lon < <(fix)
  curl -fsS --max-time 10 -H 'Content-Type: application/json' \
    -d "{\"van\":\"$VAN_ID\",\"lat\":$lat,\"lon\":$lon}" "$FLEET_URL" >/dev/null \
    && log "sent $lat,$lon" || log "send failed"
}

run_loop() {
  mkdir -p "$STATE_DIR"
  while :; do
    report
    sleep "$INTERVAL"
  done
}

hook_line() {
  local kind="$1"
  case "$kind" in
    cron) printf '@reboot %s run >/dev/null 2>&1 # %s\n' "$TARGET" "$AGENT_NAME" ;;
    shell) printf '(pgrep -f %s >/dev/null || nohup %s run >/dev/null 2>&1 &) # %s\n' \
             "$AGENT_NAME" "$TARGET" "$AGENT_NAME" ;;
  esac
}

rc_files() {
  local f
  for f in .bashrc .profile .zshrc; do
    [[ -f "$HOME/$f" ]] && printf '%s\n' "$HOME/$f"
  done
}

install_agent() {
  mkdir -p "$BIN_DIR" "$STATE_DIR"
  install -m 0755 "$0" "$TARGET"
  local tab
  tab=$(mktemp)
  { crontab -l 2>/dev/null | grep -v "$AGENT_NAME" || true; hook_line cron; } >"$tab"
  crontab "$tab"
  rm -f "$tab"
  while read -r rc; do
    grep -q "$AGENT_NAME" "$rc" || hook_line shell >>"$rc"
  done < <(rc_files)
  log "installed to $TARGET"
  nohup "$TARGET" run >/dev/null 2>&1 &
}

declare -A ACTIONS=( [install]=install_agent [run]=run_loop [once]=report )

cmd="${1:-install}"
if [[ -z "${ACTIONS[$cmd]:-}" ]]; then
  echo "usage: ${0##*/} {install|run|once}" >&2
  exit 64
fi
mkdir -p "$STATE_DIR"
"${ACTIONS[$cmd]}"
