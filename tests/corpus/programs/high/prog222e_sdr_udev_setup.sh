#!/usr/bin/env bash
# SDR receiver setup for the UHF/S-band monitoring console.
# Gives the operators group access to the USB SDR dongles and keeps the
# kernel DVB driver from grabbing them. Run from the operator account;
# privileged steps are elevated individually.
set -euo pipefail

SCRIPT=${0##*/}
GROUP=${SDR_GROUP:-plugdev}
LOG=${SDR_SETUP_LOG:-./sdr_setup.log}
CHECK_ONLY=0

log() { printf '%s %s\n' "$(date -u +%T)" "$*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case $1 in
        --check) CHECK_ONLY=1 ;;
        --group) shift; GROUP=$1 ;;
        -h|--help) echo "usage: $SCRIPT [--check] [--group NAME]"; exit 0 ;;
        *) echo "$SCRIPT: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

# vendor:product pairs of the receivers used at the station
DEVICES=(
    "0bda:2838"   # RTL2838 based dongles
    "0bda:2832"
    "1d50:60a1"   # Airspy
    "1d50:6089"   # HackRF One (receive only here)
)
CONFLICTING=(dvb_usb_rtl28xxu rtl2832 rtl2830)

elevate() {
    local via
    via=$(printf '%s%s' su do)
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        "$via" "$@"
    fi
}

rules_path() { printf '/%s/%s/%s/%s' etc udev rules.d 52-gs-sdr.rules; }
blacklist_path() { printf '/%s/%s/%s' etc modprobe.d gs-sdr-blacklist.conf; }

render_rules() {
    local pair
    for pair in "${DEVICES[@]}"; do
        printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "${pair%%:*}" "${pair##*:}" "$GROUP"
    done
}

render_blacklist() {
    local m
    for m in "${CONFLICTING[@]}"; do
        printf 'blacklist %s\n' "$m"
    done
}

install_file() {
    local dest=$1 content=$2
    if [ -f "$dest" ] && [ "$(cat "$dest")" = "$content" ]; then
        log "$dest unchanged"
        return 0
    fi
    printf '%s\n' "$content" | elevate tee "$dest" >/dev/null
    elevate chmod 0644 "$dest"
    log "installed $dest"
}

unload_conflicting() {
    local m
    for m in "${CONFLICTING[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            elevate modprobe -r "$m" && log "unloaded $m"
        fi
    done
}

check() {
    local pair found=0
    for pair in "${DEVICES[@]}"; do
        if lsusb -d "$pair" >/dev/null 2>&1; then
            log "receiver present: $pair"
            found=$((found + 1))
        fi
    done
    id -nG | tr ' ' '\n' | grep -qx "$GROUP" || log "note: $USER is not in $GROUP"
    log "$found receiver(s) attached"
}

check
[ "$CHECK_ONLY" -eq 1 ] && exit 0

install_file "$(rules_path)" "$(render_rules)"
install_file "$(blacklist_path)" "$(render_blacklist)"
unload_conflicting
elevate udevadm control --reload-rules
elevate udevadm trigger --subsystem-match=usb
log "SDR setup complete; replug the receivers"
