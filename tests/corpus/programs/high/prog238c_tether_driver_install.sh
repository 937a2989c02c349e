#!/usr/bin/env bash
# tether_driver_install.sh - install the camera tethering packages on a
# new catalogue photography workstation.
#
# Installs gphoto2 and its library from the distribution archive, makes
# sure the photographer's account can open USB cameras, and reports the
# cameras that are detected afterwards.
set -euo pipefail

PACKAGES=(gphoto2 libgphoto2-6 libimage-exiftool-perl)
TARGET_USER="${SUDO_USER:-${USER}}"
LOG_FILE="./tether_install.log"
SKIP_GROUP=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [-u user] [--no-group]" >&2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -u) TARGET_USER="$2"; shift ;;
        --no-group) SKIP_GROUP=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

require_apt() {
    if ! command -v apt-get >/dev/null 2>&1; then
        log "this installer supports Debian/Ubuntu workstations only"
        grep -E '^PRETTY_NAME=' /etc/os-release | tee -a "$LOG_FILE" || true
        exit 1
    fi
}

missing_packages() {
    local pkg
    for pkg in "${PACKAGES[@]}"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || echo "$pkg"
    done
}

install_packages() {
    local missing
    mapfile -t missing < <(missing_packages)
    if [[ ${#missing[@]} -eq 0 ]]; then
        log "all tethering packages already installed"
        return
    fi
    log "installing: ${missing[*]}"
    sudo apt-get update -q
    sudo apt-get install -y -q "${missing[@]}"
}

grant_camera_access() {
    if [[ $SKIP_GROUP -eq 1 ]]; then
        return
    fi
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx plugdev; then
        log "${TARGET_USER} already in plugdev"
    else
        sudo usermod -aG plugdev "$TARGET_USER"
        log "added ${TARGET_USER} to plugdev; log out and back in to apply"
    fi
}

detect_cameras() {
    if command -v gphoto2 >/dev/null 2>&1; then
        gphoto2 --auto-detect | tee -a "$LOG_FILE"
    fi
}

require_apt
install_packages
grant_camera_access
detect_cameras
log "tethering setup finished for ${TARGET_USER}"
