#!/bin/sh
# Set up the unit occupancy report tool on a facility office PC.
#
# Builds the occupancy_report package from this checkout, installs it into
# its own virtualenv, and writes a starter config pointing at the facility
# management database. Run from the root of the occupancy-report checkout.
#
#   ./occupancy_report_setup.sh [--prefix DIR] [--db URL] [--facility NAME]
set -eu

PREFIX="${HOME}/.local/share/occupancy-report"
DB_URL="sqlite:///${HOME}/storage_mgmt/facility.db"
FACILITY="Main Street"
BUILD_DIR=/tmp/occupancy_build
PYTHON="${PYTHON:-python3}"

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

build_wheel
make_venv
write_config
smoke_test
rm -rf "$BUILD_DIR"

say "installed. Run reports with:"
echo "    $PREFIX/venv/bin/occupancy-report --config $PREFIX/occupancy.ini"
echo "To produce it every Monday, ask IT to schedule the command above."
