#!/usr/bin/env bash
# controller_host_prep.sh - prepare a fresh mini-PC as a site door gateway
#
# Run once on a freshly imaged gateway before the vendor's doorctl package is
# installed. It sets the hostname and timezone, installs the base packages,
# and removes the things that get in the way of the vendor installer and of
# the readers talking to the gateway (the vendor only supports hosts without
# a local packet filter or MAC confinement).
#
# Usage: sudo ./controller_host_prep.sh --site riverside --gateway-id gw02

set -euo pipefail

SITE=""
GW_ID=""
TZ_NAME="Europe/Berlin"
PACKAGES=(curl jq chrony python3 python3-serial)
REPORT="./host_prep_$(date +%Y%m%d%H%M).txt"

log() { echo "$(date '+%T') host-prep: $*" | tee -a "$REPORT"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site)       SITE="$2"; shift 2 ;;
        --gateway-id) GW_ID="$2"; shift 2 ;;
        --tz)         TZ_NAME="$2"; shift 2 ;;
        -h|--help)    sed -n '2,11p' "$0"; exit 0 ;;
        *)            echo "unknown option $1" >&2; exit 2 ;;
    esac
done

[[ -n "$SITE" && -n "$GW_ID" ]] || { echo "--site and --gateway-id are required" >&2; exit 2; }
[[ $EUID -eq 0 ]] || { echo "run with sudo" >&2; exit 1; }

set_identity() {
    local name="door-${SITE}-${GW_ID}"
    hostnamectl set-hostname "$name"
    timedatectl set-timezone "$TZ_NAME"
    log "hostname ${name}, timezone ${TZ_NAME}"
}

install_base() {
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q "${PACKAGES[@]}"
    systemctl enable --now chrony
    log "base packages installed: ${PACKAGES[*]}"
}

open_host_for_vendor() {
    if command -v ufw >/dev/null; then
        ufw --force disable
        systemctl disable --now ufw || true
        log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl disable --now firewalld || true
        log "firewalld disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -F
    log "iptables policies set to ACCEPT and flushed"

    if command -v aa-teardown >/dev/null; then
        aa-teardown || true
    fi
    systemctl disable --now apparmor || true
    log "apparmor stopped and disabled"

    if command -v setenforce >/dev/null; then
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config 2>/dev/null || true
        log "selinux set to disabled"
    fi
}

check_readiness() {
    local ok=1
    for p in "${PACKAGES[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || { log "missing package $p"; ok=0; }
    done
    chronyc tracking >/dev/null 2>&1 || { log "chrony not tracking yet"; }
    (( ok )) && log "host ready for the doorctl installer" || log "host NOT ready"
}

log "preparing gateway ${GW_ID} for site ${SITE}"
set_identity
install_base
open_host_for_vendor
check_readiness
log "report written to ${REPORT}"
