#!/usr/bin/env bash
# Provision a freshly imaged van PC with the USB GNSS receiver.
# Detects the u-blox dongle, points the existing gpsd service at it and
# restarts gpsd so the telematics agent gets fixes on localhost:2947.
set -eu

GPSD_DEFAULTS="/etc/default/gpsd"
BAUD="${BAUD:-9600}"
VENDOR_ID="1546"         # u-blox AG
LISTEN_LOCAL_ONLY=1
ASSUME_YES=0

info()  { echo -e "\033[1;34m[gnss]\033[0m $*"; }
warn()  { echo -e "\033[1;33m[gnss]\033[0m $*" >&2; }

for arg in "$@"; do
    case "$arg" in
        -y|--yes)   ASSUME_YES=1 ;;
        --network)  LISTEN_LOCAL_ONLY=0 ;;
        --baud=*)   BAUD="${arg#*=}" ;;
        *) warn "unknown option $arg"; exit 2 ;;
    esac
done

find_dongle() {
    local dev
    for dev in /dev/serial/by-id/*; do
        [ -e "$dev" ] || continue
        local real
        real=$(readlink -f "$dev")
        local sys="/sys/class/tty/$(basename "$real")/device/../idVendor"
        if [ -r "$sys" ] && [ "$(cat "$sys")" = "$VENDOR_ID" ]; then
            echo "$dev"
            return 0
        fi
    done
    return 1
}

DEVICE=$(find_dongle) || { warn "no u-blox receiver found on USB"; exit 1; }
info "found receiver at $DEVICE"

if ! command -v gpsd >/dev/null; then
    warn "gpsd is not installed; run the base image playbook first"
    exit 1
fi

if [ "$ASSUME_YES" -ne 1 ]; then
    read -r -p "Rewrite $GPSD_DEFAULTS and restart gpsd? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]] || { info "aborted"; exit 0; }
fi

opts="-n -s $BAUD"
[ "$LISTEN_LOCAL_ONLY" -eq 0 ] && opts="$opts -G"

if [ -f "$GPSD_DEFAULTS" ]; then
    sudo cp -p "$GPSD_DEFAULTS" "$GPSD_DEFAULTS.bak.$(date +%Y%m%d%H%M%S)"
fi

sudo tee "$GPSD_DEFAULTS" >/dev/null <<CONF
# Managed by gnss_dongle_provision.sh - local edits will be overwritten
START_DAEMON="true"
USBAUTO="false"
DEVICES="$DEVICE"
GPSD_OPTIONS="$opts"
CONF
sudo chmod 0644 "$GPSD_DEFAULTS"
sudo chown root:root "$GPSD_DEFAULTS"

info "restarting gpsd"
sudo systemctl restart gpsd.socket gpsd.service

for i in 1 2 3 4 5; do
    if gpspipe -w -n 5 2>/dev/null | grep -q '"class":"TPV"'; then
        info "gpsd is reporting positions"
        exit 0
    fi
    sleep 2
done
warn "gpsd restarted but no TPV reports yet (antenna indoors?)"
