#!/usr/bin/env bash
# station_ntp_setup.sh - configure time keeping on a Raspberry Pi weather
# station controller. Sensor records are only useful if the timestamps are
# right, so the controller disciplines its clock from the GNSS receiver's PPS
# output when it has a fix and from the network pool otherwise.
#
#   station_ntp_setup.sh [-s pool.ntp.org] [-p /dev/pps0] [-n]
#
# Run as the station user; privileged steps go through sudo.

set -euo pipefail

POOL="pool.ntp.org"
PPS_DEV="/dev/pps0"
GPS_SHM=0
DRY=0
TEMPLATE_DIR="$(cd "$(dirname "$0")" && pwd)/templates"

while getopts "s:p:nh" opt; do
    case "$opt" in
        s) POOL="$OPTARG" ;;
        p) PPS_DEV="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

log() { echo "[ntp-setup] $*"; }
run() { if [ "$DRY" -eq 1 ]; then echo "+ $*"; else "$@"; fi; }

render_conf() {
    cat <<EOF
# managed by station_ntp_setup.sh - local changes will be overwritten
pool ${POOL} iburst maxsources 3
refclock SHM ${GPS_SHM} refid GPS precision 1e-1 offset 0.2 delay 0.2 noselect
refclock PPS ${PPS_DEV} refid PPS lock GPS precision 1e-7
driftfile /var/lib/chrony/chrony.drift
makestep 1.0 3
rtcsync
logdir /var/log/chrony
log tracking statistics
EOF
}

ensure_packages() {
    local missing=()
    for p in chrony gpsd pps-tools; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        log "installing ${missing[*]}"
        run sudo apt-get update -qq
        run sudo apt-get install -y -qq "${missing[@]}"
    fi
}

enable_pps_overlay() {
    local cfg=/boot/firmware/config.txt
    [ -f "$cfg" ] || cfg=/boot/config.txt
    if ! grep -q '^dtoverlay=pps-gpio' "$cfg"; then
        log "enabling pps-gpio overlay in $cfg"
        echo 'dtoverlay=pps-gpio,gpiopin=18' | run sudo tee -a "$cfg" >/dev/null
        NEED_REBOOT=1
    fi
}

install_conf() {
    local target=/etc/chrony/chrony.conf
    local staged
    staged=$(mktemp --suffix=.chrony.conf)
    if [ -f "$TEMPLATE_DIR/chrony.conf.in" ]; then
        sed -e "s|@POOL@|$POOL|" -e "s|@PPS@|$PPS_DEV|" "$TEMPLATE_DIR/chrony.conf.in" > "$staged"
    else
        render_conf > "$staged"
    fi
    if sudo cmp -s "$staged" "$target"; then
        log "chrony.conf unchanged"
    else
        run sudo cp "$target" "$target.bak.$(date +%s)" 2>/dev/null || true
        run sudo install -m 0644 -o root -g root "$staged" "$target"
        log "installed $target"
    fi
    rm -f "$staged"
}

restart_services() {
    run sudo systemctl enable --now gpsd.socket
    run sudo systemctl restart chrony
    run sudo timedatectl set-ntp true
}

report() {
    sleep 2
    chronyc -n sources 2>/dev/null || log "chronyc not answering yet"
    timedatectl show -p NTPSynchronized --value 2>/dev/null | sed 's/^/synchronized: /'
}

NEED_REBOOT=0
ensure_packages
enable_pps_overlay
install_conf
restart_services
[ "$DRY" -eq 1 ] || report
[ "$NEED_REBOOT" -eq 1 ] && log "reboot required for the PPS overlay to load"
exit 0
