#!/usr/bin/env bash
# rtlsdr_udev_setup.sh -- let the station user open RTL2832U dongles without
# root, and keep the DVB-T kernel driver from grabbing them first.
#
# Used on the club's bat-detector heterodyne/SDR laptops and the APRS Pi.
#
#   ./rtlsdr_udev_setup.sh [--group plugdev] [--dry-run]

set -euo pipefail

GROUP="plugdev"
DRY=0
RULES="/etc/udev/rules.d/20-rtlsdr.rules"
BLACKLIST="/etc/modprobe.d/blacklist-rtlsdr.conf"
DVB_MODULES="dvb_usb_rtl28xxu rtl2832 rtl2830 rtl2832_sdr"

# vendor:product pairs for the dongles the club owns
DEVICES=(
    "0bda:2832"   # generic RTL2832U
    "0bda:2838"   # RTL-SDR Blog v3/v4, NooElec
    "1d50:604b"   # HackRF-compatible front end on the Pi
)

while [[ $# -gt 0 ]]; do
    case "$1" in
        --group) GROUP="$2"; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

run() {
    echo "+ $*"
    [[ $DRY -eq 1 ]] || "$@"
}

write_root_file() {
    local dest="$1" content="$2"
    if [[ $DRY -eq 1 ]]; then
        echo "--- would write $dest"
        printf '%s\n' "$content"
        return
    fi
    printf '%s\n' "$content" | sudo tee "$dest" >/dev/null
    sudo chmod 0644 "$dest"
}

build_rules() {
    local pair vid pid
    echo "# RTL-SDR dongles: station user access (written by rtlsdr_udev_setup.sh)"
    for pair in "${DEVICES[@]}"; do
        vid="${pair%%:*}"
        pid="${pair##*:}"
        echo "SUBSYSTEMS==\"usb\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\", GROUP=\"$GROUP\", MODE=\"0660\""
    done
}

build_blacklist() {
    local m
    echo "# keep DVB-T drivers off RTL-SDR dongles"
    for m in $DVB_MODULES; do
        echo "blacklist $m"
    done
}

unload_dvb() {
    local m
    for m in $DVB_MODULES; do
        if lsmod | grep -q "^${m} "; then
            run sudo modprobe -r "$m" || echo "could not unload $m (dongle in use?)"
        fi
    done
}

ensure_group() {
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        run sudo usermod -aG "$GROUP" "$USER"
        echo "log out and back in for group '$GROUP' to apply"
    fi
}

write_root_file "$RULES" "$(build_rules)"
write_root_file "$BLACKLIST" "$(build_blacklist)"
unload_dvb
ensure_group
run sudo udevadm control --reload-rules
run sudo udevadm trigger --subsystem-match=usb
echo "done; replug the dongle and check with: rtl_test -t"
