#!/bin/bash
# Kernel and filesystem tuning for the log-ingest nodes.
#   ./ingest_host_tuning.sh apply   - write sysctl drop-in, load modules, remount data disk
#   ./ingest_host_tuning.sh show    - print current values
#   ./ingest_host_tuning.sh revert  - remove our drop-in and reload defaults
set -euo pipefail

SYSCTL_FILE="/etc/sysctl.d/90-ingest-tuning.conf"
LIMITS_FILE="/etc/security/limits.d/90-ingest.conf"
DATA_MOUNT="${DATA_MOUNT:-/data}"
SERVICE="${INGEST_SERVICE:-vector}"

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
else
    SUDO=""
fi

declare -A PARAMS=(
    [net.core.somaxconn]=4096
    [net.core.rmem_max]=16777216
    [net.core.wmem_max]=16777216
    [net.ipv4.tcp_congestion_control]=bbr
    [net.ipv4.tcp_fin_timeout]=15
    [vm.swappiness]=10
    [fs.file-max]=2097152
)

show() {
    local key
    for key in "${!PARAMS[@]}"; do
        printf '%-40s current=%-12s wanted=%s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')" "${PARAMS[$key]}"
    done | sort
}

write_sysctl() {
    local key
    {
        echo "# managed by ingest_host_tuning.sh - do not edit by hand"
        for key in "${!PARAMS[@]}"; do
            echo "$key = ${PARAMS[$key]}"
        done | sort
    } | $SUDO tee "$SYSCTL_FILE" >/dev/null
    $SUDO chmod 0644 "$SYSCTL_FILE"
}

write_limits() {
    $SUDO tee "$LIMITS_FILE" >/dev/null <<'EOF'
# open file limits for the ingest pipeline
vector  soft  nofile  1048576
vector  hard  nofile  1048576
EOF
}

apply() {
    echo "loading tcp_bbr module"
    $SUDO modprobe tcp_bbr || echo "warning: tcp_bbr not available, falling back to cubic"
    write_sysctl
    write_limits
    $SUDO sysctl --system >/dev/null
    echo "sysctl drop-in applied"

    if mountpoint -q "$DATA_MOUNT"; then
        $SUDO mount -o remount,noatime,nodiratime "$DATA_MOUNT"
        echo "remounted $DATA_MOUNT with noatime"
    else
        echo "skip: $DATA_MOUNT is not a mount point"
    fi

    if systemctl is-active --quiet "$SERVICE"; then
        $SUDO systemctl restart "$SERVICE"
        echo "restarted $SERVICE"
    fi
}

revert() {
    local f
    for f in "$SYSCTL_FILE" "$LIMITS_FILE"; do
        [[ -f "$f" ]] && $SUDO rm -f "$f" && echo "removed $f"
    done
    $SUDO sysctl --system >/dev/null
}

case "${1:-show}" in
    apply)  apply; show ;;
    show)   show ;;
    revert) revert; show ;;
    *) echo "usage: $0 {apply|show|revert}" >&2; exit 2 ;;
esac
