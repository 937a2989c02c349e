#!/usr/bin/env bash
# Set up the public address control laptop in the show office.
# Installs the audio packages, points the PA amplifier names at their
# fixed addresses and restarts the audio/discovery services.
set -euo pipefail

PA_HOSTS=(
    "192.0.2.21 pa-main-ring.showground.example"
    "192.0.2.22 pa-cattle-lines.showground.example"
    "192.0.2.23 pa-food-hall.showground.example"
)
PACKAGES=(pulseaudio pavucontrol avahi-daemon sox alsa-utils)
ANNOUNCE_DIR="${ANNOUNCE_DIR:-$HOME/announcements}"

info() { echo "==> $*"; }

usage() {
    echo "Usage: $0 [--skip-packages] [--skip-hosts]"
}

SKIP_PKGS=0
SKIP_HOSTS=0
for arg in "$@"; do
    case "$arg" in
        --skip-packages) SKIP_PKGS=1 ;;
        --skip-hosts) SKIP_HOSTS=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

install_packages() {
    info "installing audio packages"
    sudo apt-get update
    sudo apt-get install -y "${PACKAGES[@]}"
}

add_pa_hosts() {
    local line name
    for line in "${PA_HOSTS[@]}"; do
        name="${line#* }"
        if grep -q "$name" /etc/hosts; then
            info "$name already in /etc/hosts"
        else
            echo "$line" | sudo tee -a /etc/hosts >/dev/null
            info "added $name"
        fi
    done
}

add_user_to_audio() {
    if ! id -nG "$USER" | grep -qw audio; then
        sudo usermod -aG audio "$USER"
        info "added $USER to the audio group (log out and in again)"
    fi
}

restart_services() {
    info "restarting avahi-daemon"
    sudo systemctl restart avahi-daemon
    systemctl --user restart pulseaudio 2>/dev/null || pulseaudio -k || true
}

check_amps() {
    local line addr
    for line in "${PA_HOSTS[@]}"; do
        addr="${line%% *}"
        if ping -c 1 -W 2 "$addr" >/dev/null 2>&1; then
            info "$addr reachable"
        else
            info "WARNING: $addr not answering"
        fi
    done
}

mkdir -p "$ANNOUNCE_DIR"
(( SKIP_PKGS )) || install_packages
(( SKIP_HOSTS )) || add_pa_hosts
add_user_to_audio
restart_services
check_amps
info "PA laptop ready. Announcements folder: $ANNOUNCE_DIR"
