#!/usr/bin/env bash
# census_export_bootstrap.sh - prepare a checkout of the nightly cage census
# exporter: virtualenv, config skeleton, and systemd timer/service templates
# for the facility admins to install.
#
# Usage: ./census_export_bootstrap.sh [--python python3.11] [--at 02:15]
set -eu

PYTHON=python3
RUN_AT="02:15"
HERE="$(cd "$(dirname "$0")" && pwd)"
VENV="$HERE/.venv"
DEPLOY="$HERE/deploy"
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
  mkdir -p "$DEPLOY"
  cat > "$DEPLOY/census-export.service" <<EOF
[Unit]
Description=Nightly cage census export

[Service]
Type=oneshot
WorkingDirectory=$HERE
ExecStart=$VENV/bin/python $HERE/census_export.py --config $CONF
EOF
  cat > "$DEPLOY/census-export.timer" <<EOF
[Unit]
Description=Run cage census export daily at $RUN_AT

[Timer]
OnCalendar=*-*-* $RUN_AT:00
Persistent=true

[Install]
WantedBy=timers.target
EOF
  say "unit templates written to $DEPLOY/"
}

print_next_steps() {
  cat <<EOF

Setup complete. To schedule the nightly export, ask a facility admin to
review and install the units in $DEPLOY/, for example:

    cp $DEPLOY/census-export.* ~/.config/systemd/user/
    systemctl --user daemon-reload
    systemctl --user enable --now census-export.timer

or, if the host uses cron instead:

    ${RUN_AT#*:} ${RUN_AT%%:*} * * *  cd $HERE && $VENV/bin/python census_export.py --config $CONF

Test a one-off export now with:

    COLONY_API_TOKEN=... $VENV/bin/python census_export.py --config $CONF --dry-run
EOF
}

make_venv
write_config
mkdir -p "$HERE/exports"
write_units
print_next_steps
