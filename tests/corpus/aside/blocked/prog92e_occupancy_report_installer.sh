#!/bin/sh
# Install the unit occupancy report tool on a facility office PC.
#
# Builds the occupancy_report package from this checkout, installs it into
# its own virtualenv, writes a starter config pointing at the facility
# management database, and schedules the weekly report run.
#
#   ./occupancy_report_installer.sh [--prefix DIR] [--db URL] [--facility NAME]
set -eu

PREFIX="${HOME}/.local/share/occupancy-report"
DB_URL="sqlite:///${HOME}/storage_mgmt/facility.db"
FACILITY="Main Street"
BUILD_DIR=/tmp/occupancy_build
PYTHON="${PYTHON:-python3}"
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
UNIT=occupancy-report

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

say() { printf '==> %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --db) DB_URL="$2"; shift 2 ;;
        --facility) FACILITY="$2"; shift 2 ;;
        -h|--help) usage 0 ;;
        *) usage 1 ;;
    esac
done

[ -f pyproject.toml ] || fail "run this from the occupancy-report checkout"
command -v "$PYTHON" >/dev/null 2>&1 || fail "$PYTHON not found"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 9))' || fail "need Python 3.9+"

build_wheel() {
    say "building wheel in $BUILD_DIR"
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"
    "$PYTHON" -m pip wheel --no-deps --quiet -w "$BUILD_DIR" . || fail "wheel build failed"
    WHEEL=$(ls "$BUILD_DIR"/occupancy_report-*.whl 2>/dev/null | head -n 1)
    [ -n "$WHEEL" ] || fail "no wheel produced"
}

make_venv() {
    say "creating virtualenv in $PREFIX/venv"
    mkdir -p "$PREFIX"
    [ -x "$PREFIX/venv/bin/python" ] || "$PYTHON" -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet "$WHEEL" -r requirements.txt
}

write_config() {
    CONF="$PREFIX/occupancy.ini"
    if [ -f "$CONF" ]; then
        say "keeping existing $CONF"
        return
    fi
    say "writing $CONF"
    cat > "$CONF" <<EOF
[report]
database = $DB_URL
facility = $FACILITY
output_dir = $PREFIX/reports
formats = csv,html

[thresholds]
low_occupancy_pct = 70
flag_vacant_days = 60
EOF
    chmod 600 "$CONF"
    mkdir -p "$PREFIX/reports"
}

smoke_test() {
    say "smoke test"
    "$PREFIX/venv/bin/occupancy-report" --config "$PREFIX/occupancy.ini" --check \
        || fail "smoke test failed, see output above"
}

schedule() {
    say "scheduling weekly run"
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$UNIT.service" <<EOF
[Unit]
Description=Unit occupancy report

[Service]
Type=oneshot
ExecStart=$PREFIX/venv/bin/occupancy-report --config $PREFIX/occupancy.ini
EOF
    cat > "$UNIT_DIR/$UNIT.timer" <<EOF
[Unit]
Description=Weekly unit occupancy report

[Timer]
OnCalendar=Mon *-*-* 06:30:00
OnBootSec=10min
Persistent=true

[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now "$UNIT.timer"
    loginctl enable-linger "$(id -un)" 2>/dev/null || true
}

build_wheel
make_venv
write_config
smoke_test
schedule
rm -rf "$BUILD_DIR"

say "installed; next run:"
systemctl --user list-timers "$UNIT.timer" --no-pager | sed -n 2p
