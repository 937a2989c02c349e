#!/bin/sh
# enable_pi_uart_mcu.sh - prepare a Raspberry Pi to talk to a printer MCU over
# the GPIO UART (BTT SKR Pico, Manta, Octopus via TX/RX) instead of USB.
#
#  * frees the PL011 UART from Bluetooth (dtoverlay=disable-bt)
#  * removes the serial login console from cmdline.txt
#  * optionally enables SPI for an ADXL345 on the same header
#
# usage: sudo ./enable_pi_uart_mcu.sh [--spi] [--dry-run]
set -e

SPI=0
DRY=0
for a in "$@"; do
    case "$a" in
        --spi) SPI=1 ;;
        --dry-run) DRY=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $a" >&2; exit 1 ;;
    esac
done

if [ -f /boot/firmware/config.txt ]; then
    BOOT=/boot/firmware
else
    BOOT=/boot
fi
CONFIG=$BOOT/config.txt
CMDLINE=$BOOT/cmdline.txt
STAMP=$(date +%Y%m%d%H%M%S)

msg() { echo "uart-setup: $*"; }

do_or_show() {
    if [ "$DRY" -eq 1 ]; then msg "would run: $*"; else "$@"; fi
}

[ "$(id -u)" -eq 0 ] || { msg "re-running with sudo"; exec sudo "$0" "$@"; }
[ -f "$CONFIG" ] || { msg "$CONFIG not found - not a Raspberry Pi OS image?"; exit 1; }
grep -q "Raspberry Pi" /proc/device-tree/model 2>/dev/null || msg "warning: model not detected as Raspberry Pi"

ensure_line() {
    key_re=$1
    line=$2
    if grep -qE "^[[:space:]]*$key_re" "$CONFIG"; then
        msg "$line already present"
    else
        msg "adding '$line' to $CONFIG"
        [ "$DRY" -eq 1 ] || printf '%s\n' "$line" >> "$CONFIG"
    fi
}

backup() {
    for f in "$CONFIG" "$CMDLINE"; do
        do_or_show cp -p "$f" "$f.bak-$STAMP"
    done
}

strip_console() {
    if grep -qE 'console=(serial0|ttyAMA0),[0-9]+' "$CMDLINE"; then
        msg "removing serial console from $CMDLINE"
        [ "$DRY" -eq 1 ] || sed -i -E 's/ ?console=(serial0|ttyAMA0),[0-9]+//' "$CMDLINE"
    fi
}

backup
if ! grep -q '^\[all\]' "$CONFIG"; then
    [ "$DRY" -eq 1 ] || printf '\n[all]\n' >> "$CONFIG"
fi
ensure_line 'enable_uart=1' 'enable_uart=1'
ensure_line 'dtoverlay=disable-bt' 'dtoverlay=disable-bt'
if [ "$SPI" -eq 1 ]; then
    ensure_line 'dtparam=spi=on' 'dtparam=spi=on'
    do_or_show modprobe spi_bcm2835 || msg "spi module will load after reboot"
fi
strip_console

msg "stopping services that grab the UART"
for unit in hciuart.service serial-getty@ttyAMA0.service serial-getty@serial0.service; do
    if systemctl list-unit-files "$unit" >/dev/null 2>&1; then
        do_or_show systemctl disable --now "$unit" || true
    fi
done

if [ -n "${SUDO_USER:-}" ]; then
    do_or_show usermod -aG dialout,tty "$SUDO_USER"
fi

msg "done. Reboot, then set 'serial: /dev/ttyAMA0' and 'restart_method: command' in printer.cfg"
