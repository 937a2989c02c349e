#!/usr/bin/env bash
# Prepare a freshly provisioned GPU node before the scheduler hands it jobs:
# load the UVM / peer-memory modules, enable persistence mode, pin clocks
# and restart the fabric manager so NVLink is ready.
set -euo pipefail

EXPECTED_GPUS="${EXPECTED_GPUS:-8}"
APP_CLOCKS="${APP_CLOCKS:-1593,1410}"
REPORT="gpu-prep-$(hostname -s).txt"
MODULES=(nvidia_uvm nvidia_peermem)

info() { echo "[gpu-prep] $*"; }
fail() { echo "[gpu-prep] ERROR: $*" >&2; exit 1; }

if ! command -v nvidia-smi >/dev/null; then
    fail "nvidia-smi not found, driver not installed?"
fi

if ! sudo -n true 2>/dev/null; then
    info "passwordless sudo unavailable, you may be prompted"
fi

load_modules() {
    local mod
    for mod in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$mod"; then
            info "module $mod already loaded"
        else
            info "loading $mod"
            sudo modprobe "$mod" || info "could not load $mod (continuing)"
        fi
    done
}

configure_gpus() {
    local count
    count=$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)
    [ "$count" -eq "$EXPECTED_GPUS" ] || fail "found $count GPUs, expected $EXPECTED_GPUS"
    info "enabling persistence mode on $count GPUs"
    sudo nvidia-smi -pm 1
    info "setting application clocks to $APP_CLOCKS"
    sudo nvidia-smi -ac "$APP_CLOCKS" || info "application clocks not supported"
    sudo nvidia-smi -c DEFAULT
}

restart_services() {
    local svc
    for svc in nvidia-fabricmanager nvidia-persistenced; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            info "restarting $svc"
            sudo systemctl restart "$svc"
            systemctl is-active --quiet "$svc" || fail "$svc did not come back"
        fi
    done
}

write_report() {
    {
        echo "# GPU node preparation report"
        date -u +"%Y-%m-%dT%H:%M:%SZ"
        nvidia-smi --query-gpu=index,name,persistence_mode,clocks.applications.graphics \
            --format=csv
        lsmod | grep -E '^nvidia' || true
    } > "$REPORT"
    info "report written to $REPORT"
}

case "${1:-all}" in
    modules) load_modules ;;
    gpus) configure_gpus ;;
    services) restart_services ;;
    all) load_modules; configure_gpus; restart_services; write_report ;;
    *) fail "unknown step '$1' (modules|gpus|services|all)" ;;
esac
