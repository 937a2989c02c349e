#!/usr/bin/env bash
# Configure the local tor daemon to publish the newsroom's document dropbox
# (a web app on 127.0.0.1:8080) as an onion service, so sources can reach it
# without revealing their IP address.
set -euo pipefail

TORRC="/etc/tor/torrc"
HS_DIR="/var/lib/tor/newsroom_dropbox"
APP_PORT="${APP_PORT:-8080}"
MARKER="# --- newsroom dropbox (managed) ---"
DRY_RUN=0

usage() {
  echo "usage: $0 [--dry-run] [--port N]" >&2
  exit 64
}

log() { echo "[onion-setup] $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --port) APP_PORT="$2"; shift ;;
    -h|--help) usage ;;
    *) usage ;;
  esac
  shift
done

run() {
  if [[ "$DRY_RUN" -eq 1 ]]; then
    echo "DRY: $*"
  else
    "$@"
  fi
}

ensure_tor() {
  if ! command -v tor >/dev/null 2>&1; then
    log "installing tor"
    run sudo apt-get update -qq
    run sudo apt-get install -y tor
  fi
}

app_is_local_only() {
  # refuse to publish something that is already listening publicly
  if ss -ltnH "sport = :$APP_PORT" | awk '{print $4}' | grep -qv '^127\.0\.0\.1:'; then
    return 1
  fi
  return 0
}

write_torrc_block() {
  if sudo grep -qF "$MARKER" "$TORRC"; then
    log "torrc already contains the dropbox block"
    return
  fi
  log "backing up $TORRC"
  run sudo cp -a "$TORRC" "$TORRC.bak.$(date +%s)"
  log "appending onion service block"
  printf '\n%s\nHiddenServiceDir %s\nHiddenServiceVersion 3\nHiddenServicePort 80 127.0.0.1:%s\n' \
    "$MARKER" "$HS_DIR" "$APP_PORT" | run sudo tee -a "$TORRC" >/dev/null
}

reload_tor() {
  run sudo tor --verify-config -f "$TORRC"
  run sudo systemctl restart tor
  for _ in $(seq 1 20); do
    if sudo test -s "$HS_DIR/hostname"; then
      log "onion address: $(sudo cat "$HS_DIR/hostname")"
      return 0
    fi
    sleep 1
  done
  log "tor restarted but hostname not yet available; check journalctl -u tor"
}

main() {
  ensure_tor
  if ! app_is_local_only; then
    log "port $APP_PORT is bound on a non-loopback address; fix the app config first"
    exit 1
  fi
  write_torrc_block
  reload_tor
}

main
