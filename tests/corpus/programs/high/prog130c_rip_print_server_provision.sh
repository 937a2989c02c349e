#!/usr/bin/env bash
# rip_print_server_provision.sh - prepare a Linux box as the shop's RIP print server.
#
# Installs CUPS, shares the wide-format queues to the studio LAN, and opens
# the ports the RIP front-ends need (IPP 631, raw JetDirect 9100, LPD 515,
# Onyx/Caldera hot-folder SMB) for the LAN only.  Tested on Rocky 9 and
# Ubuntu 22.04.  Run as your admin user; privileged steps go through sudo.
#
# Usage: ./rip_print_server_provision.sh [--lan 192.168.10.0/24] [--skip-packages]

set -euo pipefail

LAN_CIDR="192.168.10.0/24"
SKIP_PKGS=0
LOG="./rip_server_provision.log"
QUEUES=(epson_p9570 roland_vg3 hp_latex_570 mimaki_ucjv)
PORTS=(631/tcp 9100/tcp 515/tcp 445/tcp 5353/udp)

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --lan) LAN_CIDR="$2"; shift 2 ;;
        --skip-packages) SKIP_PKGS=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

SUDO=sudo
[ "$(id -u)" -eq 0 ] && SUDO=""

. /etc/os-release
case "$ID" in
    rocky|rhel|almalinux|fedora) FAMILY=rhel ;;
    ubuntu|debian) FAMILY=debian ;;
    *) log "unsupported distribution $ID"; exit 1 ;;
esac
log "provisioning RIP server on $PRETTY_NAME ($FAMILY), LAN $LAN_CIDR"

install_packages() {
    if [ "$FAMILY" = rhel ]; then
        $SUDO dnf -y install cups cups-filters samba avahi
    else
        $SUDO apt-get update -qq
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cups cups-filters samba avahi-daemon
    fi
}

configure_cups() {
    local conf=/etc/cups/cupsd.conf
    $SUDO cp -n "$conf" "$conf.orig" || true
    $SUDO cupsctl --share-printers
    $SUDO sed -i "s/^Listen localhost:631/Port 631/" "$conf"
    if ! $SUDO grep -q "Allow from $LAN_CIDR" "$conf"; then
        $SUDO sed -i "/<Location \/>/a\\  Allow from $LAN_CIDR" "$conf"
    fi
    for q in "${QUEUES[@]}"; do
        $SUDO lpadmin -p "$q" -o printer-is-shared=true 2>/dev/null \
            || log "queue $q not defined yet, share it after adding the printer"
    done
}

open_lan_ports() {
    local p
    if command -v firewall-cmd >/dev/null 2>&1 && $SUDO firewall-cmd --state >/dev/null 2>&1; then
        $SUDO firewall-cmd --permanent --new-zone=printlan 2>/dev/null || true
        $SUDO firewall-cmd --permanent --zone=printlan --add-source="$LAN_CIDR"
        for p in "${PORTS[@]}"; do
            $SUDO firewall-cmd --permanent --zone=printlan --add-port="$p"
        done
        $SUDO firewall-cmd --reload
    elif command -v ufw >/dev/null 2>&1; then
        for p in "${PORTS[@]}"; do
            $SUDO ufw allow proto "${p#*/}" from "$LAN_CIDR" to any port "${p%/*}"
        done
    fi
    if command -v semanage >/dev/null 2>&1; then
        $SUDO semanage port -a -t printer_port_t -p tcp 9100 2>/dev/null \
            || $SUDO semanage port -m -t printer_port_t -p tcp 9100 || true
    fi
    log "opened ${PORTS[*]} for $LAN_CIDR"
}

enable_services() {
    local svc
    for svc in cups smb avahi-daemon; do
        [ "$FAMILY" = debian ] && [ "$svc" = smb ] && svc=smbd
        $SUDO systemctl enable --now "$svc" || log "could not enable $svc"
    done
}

[ "$SKIP_PKGS" -eq 1 ] || install_packages
configure_cups
open_lan_ports
enable_services
$SUDO systemctl restart cups

log "RIP server ready: ipp://$(hostname -f):631/printers/<queue>"
