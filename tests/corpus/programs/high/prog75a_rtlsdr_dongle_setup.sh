#!/usr/bin/env bash
#
# rtlsdr_dongle_setup.sh - prepare a Raspberry Pi / mini PC for an ADS-B
# feeder using an RTL2832U stick (FlightAware Pro Stick, NooElec, generic).
#
#  1. stop the kernel DVB-T driver from grabbing the stick
#  2. give the plugdev group access to the USB device
#  3. set a unique serial on each stick when two are fitted (1090 + 978)
#  4. run a short rtl_test to confirm the tuner answers
#
#   rtlsdr_dongle_setup.sh [--serial-1090 00001090] [--serial-978 00000978] [--skip-test]

set -euo pipefail

SERIAL_1090=""
SERIAL_978=""
SKIP_TEST=0
LOG=./rtlsdr_setup.log

BLACKLIST_CONF=/etc/modprobe.d/blacklist-rtl-sdr.conf
UDEV_RULES=/etc/udev/rules.d/20-rtl-sdr.rules
DVB_MODULES=(dvb_usb_rtl28xxu rtl2832 rtl2830 rtl2832_sdr)

exec > >(tee -a "$LOG") 2>&1
echo "=== $(date -Is) rtlsdr setup ==="

while (( $# )); do
    case $1 in
        --serial-1090) SERIAL_1090=$2; shift 2 ;;
        --serial-978)  SERIAL_978=$2; shift 2 ;;
        --skip-test)   SKIP_TEST=1; shift ;;
        -h|--help)     sed -n '3,12p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if (( EUID == 0 )); then
    AS_ROOT=()
else
    AS_ROOT=(sudo)
    sudo -v || { echo "need sudo rights to configure the kernel and udev" >&2; exit 1; }
fi

require() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing $1 (apt install ${2:-$1})" >&2; exit 1; }
}
require lsusb usbutils
require rtl_test rtl-sdr
require rtl_eeprom rtl-sdr

write_root_file() {
    local dest=$1 content=$2
    if [[ -f $dest ]] && [[ "$(cat "$dest")" == "$content" ]]; then
        echo "unchanged: $dest"
        return 0
    fi
    printf '%s\n' "$content" | "${AS_ROOT[@]}" tee "$dest" >/dev/null
    "${AS_ROOT[@]}" chmod 0644 "$dest"
    echo "wrote $dest"
}

blacklist_dvb() {
    local body="# installed by rtlsdr_dongle_setup.sh" m
    for m in "${DVB_MODULES[@]}"; do
        body+=$'\n'"blacklist $m"
    done
    write_root_file "$BLACKLIST_CONF" "$body"
    for m in "${DVB_MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            "${AS_ROOT[@]}" modprobe -r "$m" && echo "unloaded $m"
        fi
    done
}

install_udev_rule() {
    local rule
    rule=$(cat <<'EOF'
# RTL2832U based sticks
SUBSYSTEMS=="usb", ATTRS{idVendor}=="0bda", ATTRS{idProduct}=="2832", GROUP="plugdev", MODE="0660"
SUBSYSTEMS=="usb", ATTRS{idVendor}=="0bda", ATTRS{idProduct}=="2838", GROUP="plugdev", MODE="0660"
EOF
)
    write_root_file "$UDEV_RULES" "$rule"
    "${AS_ROOT[@]}" udevadm control --reload-rules
    "${AS_ROOT[@]}" udevadm trigger --subsystem-match=usb --attr-match=idVendor=0bda
    id -nG "$USER" | grep -qw plugdev || echo "note: add $USER to plugdev and log in again"
}

count_sticks() {
    lsusb | grep -cE '0bda:283[28]' || true
}

set_serials() {
    local n
    n=$(count_sticks)
    [[ -n $SERIAL_1090 || -n $SERIAL_978 ]] || return 0
    if (( n > 1 )); then
        echo "more than one stick attached: plug in one at a time to set serials" >&2
        return 1
    fi
    local s=${SERIAL_1090:-$SERIAL_978}
    echo "setting serial $s on device 0"
    yes | rtl_eeprom -d 0 -s "$s" || echo "rtl_eeprom failed (stick busy?)"
    echo "replug the stick for the new serial to show"
}

main() {
    local n
    n=$(count_sticks)
    echo "RTL2832U sticks found: $n"
    (( n > 0 )) || echo "warning: no stick attached, continuing with config only"
    blacklist_dvb
    install_udev_rule
    set_serials || true
    if (( ! SKIP_TEST && n > 0 )); then
        timeout 15 rtl_test -t || echo "rtl_test reported a problem, see above"
    fi
    echo "done; a reboot makes the blacklist stick across kernels"
}

main
