#!/usr/bin/env bash
# yard_scanner_install.sh - install the yard trailer-scanner agent for the
# current user.
#
# The agent reads trailer / container numbers from the gate ANPR camera feed
# and posts yard check-ins to the dock scheduler.  Run from the unpacked
# release directory:  ./yard_scanner_install.sh [--prefix DIR] [--no-start]
set -euo pipefail

SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PREFIX="${HOME}/.local/share/yardscan"
START=1
UNIT_NAME="yardscan-agent.service"
PYTHON="${PYTHON:-python3}"

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) PREFIX="$2"; shift 2 ;;
    --no-start) START=0; shift ;;
    *) echo "usage: $0 [--prefix DIR] [--no-start]" >&2; exit 2 ;;
  esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

check_release() {
  for f in yardscan_agent.py requirements.txt yardscan.ini.example; do
    [ -f "$SRC_DIR/$f" ] || { warn "release file $f missing"; exit 1; }
  done
  "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 8))' \
    || { warn "python 3.8+ required"; exit 1; }
}

install_files() {
  info "installing to $PREFIX"
  mkdir -p "$PREFIX" "$PREFIX/log"
  install -m 0755 "$SRC_DIR/yardscan_agent.py" "$PREFIX/yardscan_agent.py"
  if [ ! -f "$PREFIX/yardscan.ini" ]; then
    install -m 0600 "$SRC_DIR/yardscan.ini.example" "$PREFIX/yardscan.ini"
    warn "edit $PREFIX/yardscan.ini with the gate camera URL and scheduler token"
  fi
  "$PYTHON" -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/pip" install -q --upgrade pip
  "$PREFIX/venv/bin/pip" install -q -r "$SRC_DIR/requirements.txt"
}

launcher_line() {
  printf '%q %q --config %q' "$PREFIX/venv/bin/python" "$PREFIX/yardscan_agent.py" "$PREFIX/yardscan.ini"
}

write_unit() {
  local unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
  mkdir -p "$unit_dir"
  cat >"$unit_dir/$UNIT_NAME" <<EOF
[Unit]
Description=Yard trailer scanner agent
After=network-online.target

[Service]
Type=simple
ExecStart=$(launcher_line)
WorkingDirectory=$PREFIX
Restart=always
RestartSec=15
StandardOutput=append:$PREFIX/log/agent.log
StandardError=append:$PREFIX/log/agent.log

[Install]
WantedBy=default.target
EOF
  systemctl --user daemon-reload
  systemctl --user enable "$UNIT_NAME" >/dev/null
  loginctl enable-linger "$(id -un)" 2>/dev/null || true
  [ "$START" -eq 1 ] && systemctl --user restart "$UNIT_NAME"
  info "agent registered as user service $UNIT_NAME"
}

write_profile_hook() {
  # Boxes without a user systemd instance (thin clients, WSL): start the agent
  # from the login shell if it is not already running.
  local rc="$HOME/.bashrc" marker="# yardscan-agent autostart"
  grep -qF "$marker" "$rc" 2>/dev/null && return 0
  {
    echo ""
    echo "$marker"
    echo "pgrep -u \"\$USER\" -f yardscan_agent.py >/dev/null 2>&1 || (nohup $(launcher_line) >>$PREFIX/log/agent.log 2>&1 &)"
  } >>"$rc"
  info "agent will start with your login shell ($rc)"
  if [ "$START" -eq 1 ]; then
    nohup $(launcher_line) >>"$PREFIX/log/agent.log" 2>&1 &
  fi
}

main() {
  check_release
  install_files
  if command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1; then
    write_unit
  else
    write_profile_hook
  fi
  info "done"
}

main
