#!/usr/bin/env bash
# SDR pager receiver setup
#
# Prepares a Raspberry Pi with an RTL-SDR dongle to decode the brigade's
# POCSAG callout pages with rtl_fm + multimon-ng.  The kernel DVB driver
# grabs the dongle first, so it is blacklisted and unloaded, and a udev rule
# gives the 'plugdev' group access to the device.
set -euo pipefail

FREQ="${PAGER_FREQ:-153.350M}"
PPM="${PAGER_PPM:-0}"
GROUP="plugdev"
RULES_FILE="/etc/udev/rules.d/20-rtlsdr.rules"
BLACKLIST_FILE="/etc/modprobe.d/blacklist-rtl-dvb.conf"
DVB_MODULES=(dvb_usb_rtl28xxu rtl2832 rtl2830)
SKIP_PACKAGES=0

log() { printf '\e[1m[sdr-setup]\e[0m %s\n' "$*"; }
fail() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --freq) FREQ="$2"; shift ;;
        --ppm) PPM="$2"; shift ;;
        --skip-packages) SKIP_PACKAGES=1 ;;
        -h|--help) echo "usage: $0 [--freq 153.350M] [--ppm N] [--skip-packages]"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
    shift
done

if [[ $EUID -eq 0 ]]; then
    SUDO=()
else
    command -v sudo >/dev/null || fail "run as root or install sudo"
    SUDO=(sudo)
fi

install_packages() {
    (( SKIP_PACKAGES )) && return
    log "installing rtl-sdr and multimon-ng"
    "${SUDO[@]}" apt-get update -qq
    "${SUDO[@]}" apt-get install -y -qq rtl-sdr multimon-ng sox
}

blacklist_dvb() {
    log "blacklisting DVB-T drivers in $BLACKLIST_FILE"
    printf 'blacklist %s\n' "${DVB_MODULES[@]}" | "${SUDO[@]}" tee "$BLACKLIST_FILE" >/dev/null
    local m
    for m in "${DVB_MODULES[@]}"; do
        if lsmod | grep -q "^${m} "; then
            log "unloading $m"
            "${SUDO[@]}" modprobe -r "$m" || log "could not unload $m (dongle in use?)"
        fi
    done
}

udev_rule() {
    log "writing udev rule $RULES_FILE"
    "${SUDO[@]}" tee "$RULES_FILE" >/dev/null <<EOF
# RTL2832U based dongles used for the pager receiver
SUBSYSTEM=="usb", ATTRS{idVendor}=="0bda", ATTRS{idProduct}=="2838", GROUP="${GROUP}", MODE="0660"
SUBSYSTEM=="usb", ATTRS{idVendor}=="0bda", ATTRS{idProduct}=="2832", GROUP="${GROUP}", MODE="0660"
EOF
    "${SUDO[@]}" udevadm control --reload-rules
    "${SUDO[@]}" udevadm trigger --subsystem-match=usb
    id -nG "$(id -un)" | grep -qw "$GROUP" || "${SUDO[@]}" usermod -aG "$GROUP" "$(id -un)"
}

write_decoder_script() {
    cat > ./decode_pages.sh <<EOF
#!/bin/sh
exec rtl_fm -f ${FREQ} -p ${PPM} -s 22050 - | multimon-ng -t raw -a POCSAG512 -a POCSAG1200 -a POCSAG2400 -f alpha -
EOF
    chmod 755 ./decode_pages.sh
    log "decoder wrapper written to ./decode_pages.sh"
}

install_packages
blacklist_dvb
udev_rule
write_decoder_script

if command -v rtl_test >/dev/null && timeout 5 rtl_test -t >/dev/null 2>&1; then
    log "dongle detected and accessible"
else
    log "dongle not accessible yet; replug it or log out and back in"
fi
