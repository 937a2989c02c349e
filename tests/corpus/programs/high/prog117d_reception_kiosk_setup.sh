#!/usr/bin/env bash
# reception_kiosk_setup.sh - prepare a reception check-in kiosk (Ubuntu/Debian).
#
# Installs the browser and barcode tooling used by the check-in screen, points
# the booking server name at the on-site cache box, sets the venue time zone
# and restarts the display manager so the kiosk picks everything up.
#
#   ./reception_kiosk_setup.sh [--site-cache IP] [--tz Europe/London] [--dry-run]

set -euo pipefail

SITE_CACHE_IP="192.168.10.5"
BOOKING_HOSTNAME="checkin.partypal.local"
TIMEZONE="Europe/London"
PACKAGES=(chromium-browser unclutter zbar-tools fonts-noto-color-emoji)
DRY_RUN=0
RUN_LOG="./kiosk_setup.log"

usage() { sed -n '2,9p' "$0"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site-cache) SITE_CACHE_IP="$2"; shift 2 ;;
        --tz) TIMEZONE="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage; exit 2 ;;
    esac
done

note() { echo "==> $*" | tee -a "$RUN_LOG"; }

as_admin() {
    if (( DRY_RUN )); then
        echo "[dry-run] $*" | tee -a "$RUN_LOG"
        return 0
    fi
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

check_os() {
    # shellcheck disable=SC1091
    . /etc/os-release
    case "${ID:-}" in
        ubuntu|debian|raspbian) note "detected $PRETTY_NAME" ;;
        *) echo "unsupported OS: ${ID:-unknown}" >&2; exit 1 ;;
    esac
}

install_packages() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if (( ${#missing[@]} == 0 )); then
        note "packages already present"
        return
    fi
    note "installing: ${missing[*]}"
    as_admin apt-get update -qq
    as_admin env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

pin_booking_host() {
    local line="$SITE_CACHE_IP  $BOOKING_HOSTNAME"
    if grep -q "[[:space:]]$BOOKING_HOSTNAME\$" /etc/hosts; then
        note "hosts entry exists, updating"
        as_admin sed -i "/[[:space:]]$BOOKING_HOSTNAME\$/d" /etc/hosts
    fi
    echo "$line" | as_admin tee -a /etc/hosts >/dev/null
    note "pinned $BOOKING_HOSTNAME -> $SITE_CACHE_IP"
}

set_timezone() {
    local current
    current="$(timedatectl show -p Timezone --value 2>/dev/null || echo unknown)"
    if [[ "$current" != "$TIMEZONE" ]]; then
        as_admin timedatectl set-timezone "$TIMEZONE"
        note "timezone $current -> $TIMEZONE"
    fi
}

restart_display() {
    local dm
    for dm in lightdm gdm3 sddm; do
        if systemctl list-unit-files "$dm.service" >/dev/null 2>&1 \
            && systemctl is-active --quiet "$dm"; then
            note "restarting $dm"
            as_admin systemctl restart "$dm"
            return
        fi
    done
    note "no running display manager found, reboot the kiosk manually"
}

check_os
install_packages
pin_booking_host
set_timezone
restart_display
note "kiosk setup complete"
