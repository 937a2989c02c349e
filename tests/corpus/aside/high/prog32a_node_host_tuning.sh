#!/bin/sh
# Kernel and limits tuning for a host running a full Bitcoin/Lightning node
# behind the exchange's deposit-watcher. Many peers + large UTXO cache need
# more file descriptors, bigger socket buffers and less swapping.
#
# Usage: ./node_host_tuning.sh [apply|show|revert]
set -eu

SYSCTL_FILE=/etc/sysctl.d/60-btc-node.conf
LIMITS_FILE=/etc/security/limits.d/60-btc-node.conf
NODE_USER=${NODE_USER:-bitcoin}
ACTION=${1:-apply}

say() { printf '%s\n' "$*"; }

need_cmd() {
    command -v "$1" >/dev/null 2>&1 || { say "missing command: $1"; exit 1; }
}

current() {
    for key in fs.file-max net.core.somaxconn net.core.rmem_max net.core.wmem_max \
               net.ipv4.tcp_fastopen vm.swappiness vm.dirty_background_ratio; do
        printf '  %-28s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo n/a)"
    done
}

mem_mb() {
    awk '/^MemTotal:/ { printf "%d", $2 / 1024 }' /proc/meminfo
}

apply_sysctl() {
    swappiness=10
    if [ "$(mem_mb)" -lt 8192 ]; then
        say "less than 8 GiB RAM: keeping swappiness at 30"
        swappiness=30
    fi
    say "writing $SYSCTL_FILE"
    sudo tee "$SYSCTL_FILE" >/dev/null <<EOF
# bitcoin/lightning node tuning - managed by node_host_tuning.sh
fs.file-max = 1048576
net.core.somaxconn = 4096
net.core.rmem_max = 16777216
net.core.wmem_max = 16777216
net.ipv4.tcp_rmem = 4096 87380 16777216
net.ipv4.tcp_wmem = 4096 65536 16777216
net.ipv4.tcp_fastopen = 3
vm.swappiness = $swappiness
vm.dirty_background_ratio = 5
EOF
    sudo chmod 0644 "$SYSCTL_FILE"
    sudo sysctl --load="$SYSCTL_FILE"
}

apply_limits() {
    say "writing $LIMITS_FILE for user $NODE_USER"
    sudo tee "$LIMITS_FILE" >/dev/null <<EOF
$NODE_USER soft nofile 65536
$NODE_USER hard nofile 131072
EOF
}

revert() {
    for f in "$SYSCTL_FILE" "$LIMITS_FILE"; do
        if [ -e "$f" ]; then
            say "removing $f"
            sudo rm -f "$f"
        fi
    done
    say "reloading sysctl defaults"
    sudo sysctl --system >/dev/null
}

need_cmd sysctl
need_cmd sudo

case "$ACTION" in
    show)
        say "current kernel settings:"
        current
        ;;
    apply)
        if ! id "$NODE_USER" >/dev/null 2>&1; then
            say "warning: user $NODE_USER does not exist yet; limits will apply once created"
        fi
        say "before:"
        current
        apply_sysctl
        apply_limits
        say "after:"
        current
        say "re-login or restart the node service for nofile limits to apply"
        ;;
    revert)
        revert
        current
        ;;
    *)
        say "usage: $0 [apply|show|revert]"
        exit 1
        ;;
esac
