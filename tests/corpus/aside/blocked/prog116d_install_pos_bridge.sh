#!/usr/bin/env bash
# install_pos_bridge.sh - install the POS <-> workshop bridge for the counter PC
#
# The bridge forwards "repair ready" events from the workshop ticket queue
# to the POS so the till can pre-load the invoice when the customer comes in.
# Installs into a per-user virtualenv, writes the bridge config, and makes
# sure the bridge is running whenever the counter PC is in use.
#
# usage: install_pos_bridge.sh [--pos-url URL] [--queue-db PATH] [--uninstall]
set -eo pipefail

APP=pos-bridge
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/$APP"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/$APP"
POS_URL="http://127.0.0.1:7400"
QUEUE_DB="$PWD/tickets.db"
PKG_VERSION="1.6.2"
UNINSTALL=0

msg() { echo "[$APP] $*"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --pos-url) POS_URL="$2"; shift 2 ;;
    --queue-db) QUEUE_DB="$2"; shift 2 ;;
    --uninstall) UNINSTALL=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

write_config() {
  mkdir -p "$CONF_DIR"
  cat >"$CONF_DIR/bridge.ini" <<EOF
[bridge]
pos_url = $POS_URL
queue_db = $QUEUE_DB
poll_seconds = 10
log_file = $PREFIX/bridge.log
EOF
  chmod 0600 "$CONF_DIR/bridge.ini"
}

install_venv() {
  msg "creating virtualenv in $PREFIX"
  python3 -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
  "$PREFIX/venv/bin/pip" install --quiet "shop-pos-bridge==$PKG_VERSION"
}

write_launcher() {
  cat >"$PREFIX/run.sh" <<EOF
#!/bin/sh
# start the bridge unless it is already up
pgrep -u "\$(id -u)" -f "$PREFIX/venv/bin/pos-bridge" >/dev/null && exit 0
exec "$PREFIX/venv/bin/pos-bridge" --config "$CONF_DIR/bridge.ini" >>"$PREFIX/bridge.log" 2>&1
EOF
  chmod 0755 "$PREFIX/run.sh"
}

register_start() {
  local tab="$PREFIX/crontab.new" marker="# $APP"
  crontab -l 2>/dev/null | grep -v "$marker" >"$tab" || true
  {
    echo "@reboot sleep 45 && $PREFIX/run.sh $marker"
    echo "*/10 * * * * $PREFIX/run.sh $marker"
  } >>"$tab"
  crontab "$tab"
  rm -f "$tab"

  local rc="$HOME/.bashrc"
  if ! grep -q "$PREFIX/run.sh" "$rc" 2>/dev/null; then
    printf '\n%s\n( %s/run.sh & ) >/dev/null 2>&1\n' "$marker" "$PREFIX" >>"$rc"
  fi
  msg "bridge will start automatically"
}

uninstall() {
  crontab -l 2>/dev/null | grep -v "# $APP" | crontab - || true
  sed -i "/# $APP/,+1d" "$HOME/.bashrc" 2>/dev/null || true
  rm -rf "$PREFIX" "$CONF_DIR"
  msg "removed"
}

main() {
  if [ "$UNINSTALL" -eq 1 ]; then
    uninstall
    exit 0
  fi
  command -v python3 >/dev/null || { echo "python3 required" >&2; exit 1; }
  [ -f "$QUEUE_DB" ] || msg "warning: ticket queue DB $QUEUE_DB not found yet"
  mkdir -p "$PREFIX"
  install_venv
  write_config
  write_launcher
  register_start
  "$PREFIX/run.sh" &
  msg "installed $APP $PKG_VERSION (POS at $POS_URL)"
}

main
