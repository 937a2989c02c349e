#!/usr/bin/env bash
# install_kiln_agent.sh - install the kiln temperature logger for the
# current user on the studio's office PC.
#
# Creates a private virtualenv under ~/.local/share/kiln-agent, installs the
# logger and its dependencies, writes a launcher into ~/.local/bin and makes
# sure the agent is running whenever someone is logged in, so no firing goes
# unrecorded because nobody remembered to start it.
#
#   ./install_kiln_agent.sh [--controller URL] [--no-start]

set -euo pipefail

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/kiln-agent"
BIN_DIR="$HOME/.local/bin"
LAUNCHER="$BIN_DIR/kiln-agent"
CONTROLLER="http://192.168.1.60"
START_NOW=1
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

msg() { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'install failed: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --controller) CONTROLLER="$2"; shift 2 ;;
    --no-start) START_NOW=0; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) fail "unknown argument $1" ;;
  esac
done

command -v python3 >/dev/null || fail "python3 not found"
[ -f "$SRC_DIR/kiln_temp_logger.py" ] || fail "kiln_temp_logger.py not next to installer"

create_env() {
  msg "creating virtualenv in $PREFIX"
  mkdir -p "$PREFIX" "$PREFIX/firings" "$BIN_DIR"
  python3 -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
  "$PREFIX/venv/bin/pip" install --quiet "requests>=2.31"
  install -m 0644 "$SRC_DIR/kiln_temp_logger.py" "$PREFIX/kiln_temp_logger.py"
}

write_config() {
  cat > "$PREFIX/kiln_logger.json" <<EOF
{
  "controller": "$CONTROLLER",
  "interval": 15,
  "ramp_tolerance_c_per_hr": 40
}
EOF
}

write_launcher() {
  cat > "$LAUNCHER" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
exec "$PREFIX/venv/bin/python" kiln_temp_logger.py -c kiln_logger.json -o firings "\$@"
EOF
  chmod 0755 "$LAUNCHER"
  msg "launcher written to $LAUNCHER"
}

hook_login() {
  local snippet marker="# kiln-agent"
  snippet="$marker
if ! pgrep -u \"\$USER\" -f kiln_temp_logger.py >/dev/null 2>&1; then
  (nohup \"$LAUNCHER\" >>\"$PREFIX/agent.log\" 2>&1 &)
fi"
  for rc in "$HOME/.bashrc" "$HOME/.profile"; do
    [ -f "$rc" ] || touch "$rc"
    if ! grep -qF "$marker" "$rc"; then
      printf '\n%s\n' "$snippet" >> "$rc"
      msg "agent start added to $(basename "$rc")"
    fi
  done
}

start_agent() {
  if pgrep -u "$USER" -f kiln_temp_logger.py >/dev/null 2>&1; then
    msg "agent already running"
  else
    (nohup "$LAUNCHER" >>"$PREFIX/agent.log" 2>&1 &)
    msg "agent started, log: $PREFIX/agent.log"
  fi
}

create_env
write_config
write_launcher
hook_login
[ "$START_NOW" -eq 1 ] && start_agent
case ":$PATH:" in
  *":$BIN_DIR:"*) ;;
  *) msg "note: $BIN_DIR is not on your PATH" ;;
esac
msg "kiln agent installed"
