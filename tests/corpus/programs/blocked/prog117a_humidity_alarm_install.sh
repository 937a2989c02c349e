#!/usr/bin/env bash
# install.sh - set up the grow-room humidity alarm for the current user.
#
# Copies humidity_alarm.py and its config into ~/.local/share/rh-alarm,
# creates a virtualenv with the sensor libraries, and makes sure the alarm
# watcher is running whenever someone is logged in to the grow-room PC.
#
#   ./install.sh [--prefix DIR] [--threshold PCT] [--no-venv]

set -eu

PREFIX="${HOME}/.local/share/rh-alarm"
THRESHOLD=82
MAKE_VENV=1
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"

info() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --threshold) THRESHOLD="$2"; shift 2 ;;
        --no-venv) MAKE_VENV=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

for f in humidity_alarm.py requirements.txt; do
    [ -f "$SRC_DIR/$f" ] || { warn "missing $f next to install.sh"; exit 1; }
done

info "installing into $PREFIX"
mkdir -p "$PREFIX/log"
install -m 0644 "$SRC_DIR/humidity_alarm.py" "$PREFIX/humidity_alarm.py"

if [ ! -f "$PREFIX/alarm.ini" ]; then
    cat >"$PREFIX/alarm.ini" <<EOF
[alarm]
threshold_pct = ${THRESHOLD}
sensor_port = /dev/ttyUSB0
poll_seconds = 30
EOF
    chmod 600 "$PREFIX/alarm.ini"
fi

PY=python3
if [ "$MAKE_VENV" -eq 1 ]; then
    info "creating virtualenv"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install -q -r "$SRC_DIR/requirements.txt"
    PY="$PREFIX/venv/bin/python"
fi

# launcher used by the login hook below
cat >"$PREFIX/rh-alarm-start" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f "$PREFIX/humidity_alarm.py" >/dev/null 2>&1 && exit 0
nohup "$PY" "$PREFIX/humidity_alarm.py" -c "$PREFIX/alarm.ini" \\
    >>"$PREFIX/log/alarm.log" 2>&1 &
EOF
chmod 755 "$PREFIX/rh-alarm-start"

add_login_hook() {
    local rc="$1"
    local marker="# rh-alarm watcher"
    [ -f "$rc" ] || touch "$rc"
    if grep -qF "$marker" "$rc"; then
        return 0
    fi
    {
        echo ""
        echo "$marker"
        echo "[ -x \"$PREFIX/rh-alarm-start\" ] && \"$PREFIX/rh-alarm-start\" >/dev/null 2>&1"
    } >>"$rc"
    info "added watcher hook to $rc"
}

add_login_hook "$HOME/.bashrc"
add_login_hook "$HOME/.profile"

info "starting watcher now"
"$PREFIX/rh-alarm-start"
info "done - alarm threshold ${THRESHOLD}% RH"
