#!/usr/bin/env bash
# ogn_receiver_setup.sh - set up the RTL-SDR dongle for the airfield's
# OGN / FLARM receiver on the clubhouse Raspberry Pi.
#
# The receiver feeds glider positions to the launch queue board and the
# club's live-tracking page.  The stock kernel grabs the dongle as a DVB TV
# tuner, so the TV driver has to be kept off it and the device made
# accessible to the 'ogn' user that runs rtlsdr-ogn.
#
#   ./ogn_receiver_setup.sh [--user ogn] [--ppm -3] [--gain 48]

set -euo pipefail

RX_USER="ogn"
PPM="0"
GAIN="48"
STATION="${OGN_STATION:-}"
CONF_OUT="./rtlsdr-ogn.conf"

msg() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) RX_USER="$2"; shift 2 ;;
        --ppm)  PPM="$2"; shift 2 ;;
        --gain) GAIN="$2"; shift 2 ;;
        --station) STATION="$2"; shift 2 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

[[ -n "$STATION" ]] || { warn "set --station or OGN_STATION (e.g. LasSutton)"; exit 2; }

dongle_present() {
    lsusb | grep -Eqi '0bda:(2832|2838)'
}

keep_tv_driver_off() {
    local conf="/etc/modprobe.d/rtl-sdr-blacklist.conf"
    msg "writing $conf"
    sudo tee "$conf" >/dev/null <<'EOF'
# RTL2832U is used as an SDR for the OGN receiver, not as a TV tuner
blacklist dvb_usb_rtl28xxu
blacklist rtl2832
blacklist rtl2830
EOF
    for mod in dvb_usb_rtl28xxu rtl2832 rtl2830; do
        if lsmod | grep -q "^$mod"; then
            msg "unloading $mod"
            sudo modprobe -r "$mod" || warn "could not unload $mod (replug the dongle)"
        fi
    done
}

device_access() {
    local rules="/etc/udev/rules.d/20-rtlsdr-ogn.rules"
    msg "writing $rules"
    printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="0bda", ATTRS{idProduct}=="2838", GROUP="plugdev", MODE="0660"\n' |
        sudo tee "$rules" >/dev/null
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb
    if id "$RX_USER" >/dev/null 2>&1; then
        sudo usermod -aG plugdev "$RX_USER"
    else
        warn "user $RX_USER does not exist yet; add it to plugdev later"
    fi
}

write_receiver_conf() {
    cat > "$CONF_OUT" <<EOF
RF:
{
  FreqCorr = $PPM;
  SampleRate = 2.0;
  OGN: { CenterFreq = 868.8; Gain = $GAIN; };
};
Position:
{
  Latitude   = ${OGN_LAT:-51.0};
  Longitude  = ${OGN_LON:--1.0};
  Altitude   = ${OGN_ALT:-100};
};
APRS:
{
  Call = "$STATION";
};
EOF
    msg "receiver config written to $CONF_OUT"
}

if dongle_present; then
    msg "RTL-SDR dongle found"
else
    warn "no RTL-SDR dongle on USB; continuing so it works once plugged in"
fi
keep_tv_driver_off
device_access
write_receiver_conf
msg "done - run: rtlsdr-ogn -c $CONF_OUT"
