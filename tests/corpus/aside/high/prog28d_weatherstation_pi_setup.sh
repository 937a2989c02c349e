#!/usr/bin/env bash
# Setup for the school weather-station kit (BME280 on I2C, anemometer on GPIO).
# Installs the packages, loads the I2C driver, starts pigpiod and puts the
# current user in the i2c/gpio groups.  Run as the normal "pi" user; the script
# uses sudo for the steps that need it.
set -euo pipefail

PACKAGES=(i2c-tools python3-smbus python3-pigpio pigpio python3-venv sqlite3)
VENV_DIR="./.venv"
LOG_FILE="./setup.log"
I2C_BUS=1
BME280_ADDRS=(76 77)

exec > >(tee -a "$LOG_FILE") 2>&1

step() { printf '\n\033[1;32m[%s]\033[0m %s\n' "$(date +%H:%M:%S)" "$*"; }
warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    echo "run this as your normal user, not root (it calls sudo itself)" >&2
    exit 1
fi

if ! grep -qi 'raspberry' /proc/cpuinfo 2>/dev/null && [ "${FORCE:-0}" != 1 ]; then
    warn "this does not look like a Raspberry Pi; set FORCE=1 to continue anyway"
    exit 1
fi

step "checking sudo"
sudo -v || { echo "sudo is required" >&2; exit 1; }

step "installing packages: ${PACKAGES[*]}"
sudo apt-get update -qq
sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${PACKAGES[@]}"

step "loading I2C kernel module"
if ! lsmod | grep -q '^i2c_dev'; then
    sudo modprobe i2c-dev
fi
if command -v raspi-config >/dev/null; then
    sudo raspi-config nonint do_i2c 0 || warn "raspi-config could not enable I2C"
fi

step "starting pigpio daemon for the anemometer counter"
sudo systemctl start pigpiod
sleep 1
if systemctl is-active --quiet pigpiod; then
    echo "pigpiod running"
else
    warn "pigpiod did not start; check: journalctl -u pigpiod"
fi

step "group membership"
for grp in i2c gpio; do
    if getent group "$grp" >/dev/null && ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$grp"; then
        sudo usermod -aG "$grp" "$USER"
        echo "added $USER to $grp (log out and back in for it to apply)"
    fi
done

step "python environment in $VENV_DIR"
if [ ! -d "$VENV_DIR" ]; then
    python3 -m venv --system-site-packages "$VENV_DIR"
fi
"$VENV_DIR/bin/pip" install --quiet --upgrade pip
[ -f requirements.txt ] && "$VENV_DIR/bin/pip" install --quiet -r requirements.txt

step "looking for the BME280"
found=""
if [ -e "/dev/i2c-$I2C_BUS" ]; then
    scan=$(sudo i2cdetect -y "$I2C_BUS" || true)
    for addr in "${BME280_ADDRS[@]}"; do
        if grep -q " $addr" <<<"$scan"; then
            found="0x$addr"
        fi
    done
fi
if [ -n "$found" ]; then
    echo "BME280 found at $found"
else
    warn "no sensor at 0x76/0x77 - check SDA/SCL wiring and 3.3V"
fi

step "done. Start logging with: $VENV_DIR/bin/python station.py"
