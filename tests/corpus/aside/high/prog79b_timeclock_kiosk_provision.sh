#!/usr/bin/env bash
# timeclock_kiosk_provision.sh - prepare a fresh terminal as a punch clock.
#
# Run once per terminal as the kiosk user after imaging.  Installs the
# runtime packages, gives the kiosk user access to the RFID badge reader,
# pins the payroll server's address (the site DNS is often the ISP router)
# and copies the kiosk app bundle shipped next to this script into
# ~/timeclock.
#
#   ./timeclock_kiosk_provision.sh -s SITE_CODE [-p PAYROLL_IP] [-r READER_VID:PID]
#
set -eo pipefail

SITE=""
PAYROLL_HOST="payroll.example.com"
PAYROLL_IP=""
READER_ID="072f:2200"
APP_SRC="$(cd "$(dirname "$0")" && pwd)/kiosk-app"
APP_DIR="$HOME/timeclock"
LOG_FILE="provision-$(date +%Y%m%d-%H%M%S).log"

exec > >(tee -a "$LOG_FILE") 2>&1

step() { printf '\n--- %s\n' "$*"; }
fail() { printf 'provision: %s\n' "$*" >&2; exit 1; }

while getopts ":s:p:r:h" o; do
    case "$o" in
        s) SITE="$OPTARG" ;;
        p) PAYROLL_IP="$OPTARG" ;;
        r) READER_ID="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) fail "bad option -$OPTARG" ;;
    esac
done
[[ -n "$SITE" ]] || fail "site code required (-s)"
VID="${READER_ID%%:*}"
PID="${READER_ID##*:}"

as_admin() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -n "$@" 2>/dev/null || sudo "$@"
    fi
}

install_packages() {
    step "installing runtime packages"
    as_admin apt-get update -qq
    as_admin apt-get install -y -qq python3-venv python3-serial chromium fonts-dejavu-core
}

reader_access() {
    step "badge reader ${VID}:${PID}"
    local rule="/etc/udev/rules.d/70-timeclock-reader.rules"
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="dialout", SYMLINK+="badge-reader"\n' \
        "$VID" "$PID" | as_admin tee "$rule" >/dev/null
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=tty
    if ! id -nG "$USER" | grep -qw dialout; then
        as_admin usermod -aG dialout "$USER"
        echo "added $USER to dialout; log out and back in once"
    fi
}

pin_payroll_host() {
    [[ -n "$PAYROLL_IP" ]] || { echo "no payroll IP given, relying on DNS"; return; }
    step "pinning $PAYROLL_HOST to $PAYROLL_IP"
    if grep -qE "[[:space:]]$PAYROLL_HOST(\s|$)" /etc/hosts; then
        as_admin sed -i "/[[:space:]]$PAYROLL_HOST\(\s\|$\)/d" /etc/hosts
    fi
    echo "$PAYROLL_IP $PAYROLL_HOST  # timeclock $SITE" | as_admin tee -a /etc/hosts >/dev/null
}

install_app() {
    step "installing kiosk app into $APP_DIR"
    [[ -d "$APP_SRC" ]] || fail "kiosk app bundle not found at $APP_SRC"
    mkdir -p "$APP_DIR"
    cp -a "$APP_SRC/." "$APP_DIR/"
    python3 -m venv --system-site-packages "$APP_DIR/venv"
    cat >"$APP_DIR/kiosk.conf" <<EOF
SITE=$SITE
PAYROLL_URL=https://$PAYROLL_HOST
READER_DEVICE=/dev/badge-reader
EOF
}

install_packages
reader_access
pin_payroll_host
install_app
step "done - terminal $HOSTNAME provisioned for site $SITE"
