#!/usr/bin/env bash
# rig_logger_install.sh - set up the borehole depth logger on a rig laptop.
#
# Creates a virtualenv in ./.venv, installs the logger dependencies, writes
# rig.conf for the encoder port and rig id, and writes ./start_logger.sh
# for the driller to launch at the start of each shift.
#
#   ./rig_logger_install.sh --rig RIG03 --port /dev/ttyUSB0 [--baud 9600]

set -euo pipefail

RIG_ID=""
PORT="/dev/ttyUSB0"
BAUD=9600
APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="$APP_DIR/rig.conf"

info() { echo "==> $*"; }
die()  { echo "error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --rig)  RIG_ID=$2; shift 2 ;;
        --port) PORT=$2; shift 2 ;;
        --baud) BAUD=$2; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done
[[ -n $RIG_ID ]] || die "--rig is required"

check_python() {
    command -v python3 >/dev/null || die "python3 not found"
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 8))' \
        || die "python 3.8 or newer needed"
}

make_venv() {
    if [[ ! -x $APP_DIR/.venv/bin/python ]]; then
        info "creating virtualenv"
        python3 -m venv "$APP_DIR/.venv"
    fi
    "$APP_DIR/.venv/bin/pip" install --quiet --upgrade pip
    "$APP_DIR/.venv/bin/pip" install --quiet pyserial==3.5 pandas==2.2.2
}

write_conf() {
    info "writing $CONF"
    cat > "$CONF" <<EOF
[rig]
id = $RIG_ID
[encoder]
port = $PORT
baud = $BAUD
pulses_per_metre = 400
[output]
dir = $APP_DIR/logs
rotate_mb = 20
EOF
    chmod 600 "$CONF"
    mkdir -p "$APP_DIR/logs"
}

write_launcher() {
    local launcher="$APP_DIR/start_logger.sh"
    info "writing $launcher"
    cat > "$launcher" <<EOF
#!/bin/sh
cd "$APP_DIR" || exit 1
if pgrep -f depth_logger.py >/dev/null; then
    echo "logger already running"
    exit 0
fi
exec .venv/bin/python depth_logger.py -c rig.conf >>logs/logger.out 2>&1
EOF
    chmod 700 "$launcher"
}

smoke_test() {
    if [[ -e $PORT ]]; then
        info "encoder port $PORT present"
    else
        echo "warning: $PORT not present yet; plug in the encoder before starting" >&2
    fi
    "$APP_DIR/.venv/bin/python" -c 'import serial, pandas; print("deps ok")'
}

main() {
    check_python
    make_venv
    write_conf
    write_launcher
    smoke_test
    info "rig $RIG_ID ready; start each shift with $APP_DIR/start_logger.sh"
}

main
