#!/usr/bin/env bash
# Set up the tide-gauge buoy logger on the oyster shed's Raspberry Pi.
#
# The buoy radio shows up as an FTDI USB serial adapter. This gives it a
# stable /dev/tidebuoy name, lets the logging user open it, and installs
# the python logger into a venv in the current directory.
set -euo pipefail

LOGGER_USER="${LOGGER_USER:-$(id -un)}"
VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
RULE_NAME="99-tidebuoy.rules"
VENV_DIR="./.venv"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        warn "need root for: $*"
        return 1
    fi
}

udev_rule() {
    cat <<EOF
# tide buoy radio (FTDI) - installed by tide_buoy_logger_install.sh
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", \\
    SYMLINK+="tidebuoy", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local dest="/etc/udev/rules.d/$RULE_NAME"
    if [[ -f "$dest" ]] && diff -q <(udev_rule) "$dest" >/dev/null; then
        info "udev rule already current"
        return
    fi
    info "installing $dest"
    udev_rule | as_root tee "$dest" >/dev/null
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_serial() {
    if id -nG "$LOGGER_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$LOGGER_USER already in dialout"
        return
    fi
    info "adding $LOGGER_USER to dialout"
    as_root usermod -aG dialout "$LOGGER_USER"
    warn "log out and back in for the group change to apply"
}

install_logger() {
    if [[ ! -d "$VENV_DIR" ]]; then
        python3 -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install --quiet pyserial
    cat >./buoy_logger.py <<'PY'
import csv, datetime, sys, serial
port = sys.argv[1] if len(sys.argv) > 1 else "/dev/tidebuoy"
with serial.Serial(port, 9600, timeout=30) as s, open("buoy_log.csv", "a", newline="") as fh:
    w = csv.writer(fh)
    for raw in iter(s.readline, b""):
        parts = raw.decode(errors="ignore").strip().split(",")
        if len(parts) >= 3 and parts[0] == "$TIDE":
            w.writerow([datetime.datetime.now().isoformat(timespec="seconds")] + parts[1:])
            fh.flush()
PY
    info "logger written to ./buoy_logger.py"
}

main() {
    command -v python3 >/dev/null || { warn "python3 required"; exit 1; }
    install_rule
    grant_serial
    install_logger
    if [[ -e /dev/tidebuoy ]]; then
        info "buoy radio detected at /dev/tidebuoy"
    else
        warn "buoy radio not plugged in; rule will apply when it is"
    fi
    info "run: $VENV_DIR/bin/python buoy_logger.py"
}

main "$@"
