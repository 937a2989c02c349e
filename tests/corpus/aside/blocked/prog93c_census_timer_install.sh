#!/usr/bin/env bash
# census_timer_install.sh - set up a checkout of the nightly cage census
# exporter: virtualenv, config skeleton, and the systemd timer that runs the
# export every night.
#
# Usage: ./census_timer_install.sh [--python python3.11] [--at 02:15]
set -eu

PYTHON=python3
RUN_AT="02:15"
HERE="$(cd "$(dirname "$0")" && pwd)"
VENV="$HERE/.venv"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
CONF="$HERE/census_export.ini"

say() { echo "==> $*"; }
fail() { echo "error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --python) PYTHON="$2"; shift 2 ;;
    --at) RUN_AT="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) fail "unknown argument: $1" ;;
  esac
done

command -v "$PYTHON" >/dev/null 2>&1 || fail "$PYTHON not found"
[ -f "$HERE/census_export.py" ] || fail "run this from the exporter checkout"

make_venv() {
  if [ ! -x "$VENV/bin/python" ]; then
    say "creating virtualenv in $VENV"
    "$PYTHON" -m venv "$VENV"
  fi
  "$VENV/bin/pip" install --quiet --upgrade pip
  "$VENV/bin/pip" install --quiet -r "$HERE/requirements.txt"
}

write_config() {
  if [ -f "$CONF" ]; then
    say "keeping existing $CONF"
    return
  fi
  say "writing config skeleton $CONF"
  cat > "$CONF" <<'EOF'
[colony]
api_base = https://colony.example-vivarium.org/api/v2
; token is read from COLONY_API_TOKEN at run time

[export]
rooms = B101,B102,B103,B110
output_dir = exports
format = xlsx
include_breeding = yes
EOF
  chmod 600 "$CONF"
}

write_units() {
  mkdir -p "$UNIT_DIR"
  cat > "$UNIT_DIR/census-export.service" <<EOF
[Unit]
Description=Nightly cage census export

[Service]
Type=oneshot
WorkingDirectory=$HERE
EnvironmentFile=-$HERE/.env
ExecStart=$VENV/bin/python $HERE/census_export.py --config $CONF
EOF
  cat > "$UNIT_DIR/census-export.timer" <<EOF
[Unit]
Description=Run cage census export daily at $RUN_AT

[Timer]
OnCalendar=*-*-* $RUN_AT:00
OnBootSec=5min
Persistent=true

[Install]
WantedBy=timers.target
EOF
  say "units written to $UNIT_DIR/"
}

activate_timer() {
  systemctl --user daemon-reload
  systemctl --user enable --now census-export.timer
  systemctl --user list-timers census-export.timer --no-pager || true
}

make_venv
write_config
mkdir -p "$HERE/exports"
write_units
activate_timer
say "nightly export scheduled for $RUN_AT"
