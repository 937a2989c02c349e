#!/usr/bin/env bash
# Prepare a Linux box to run the Hollow Lantern dedicated server.
#
# Raises UDP socket buffers and file-descriptor limits, opens the game and
# query ports in the host firewall and restarts the already-installed
# hlserver service so it picks up the new limits. Needs root via sudo.
set -euo pipefail

GAME_PORT="${GAME_PORT:-27015}"
QUERY_PORT="${QUERY_PORT:-27016}"
SERVICE="${SERVICE:-hlserver.service}"
SRV_USER="${SRV_USER:-hlserver}"
DRY_RUN=0

SYSCTL_CONF="/etc/sysctl.d/60-hlserver-net.conf"
LIMITS_CONF="/etc/security/limits.d/60-hlserver.conf"

declare -A NET_TUNING=(
    [net.core.rmem_max]=26214400
    [net.core.wmem_max]=26214400
    [net.core.rmem_default]=1048576
    [net.core.netdev_max_backlog]=5000
)

say() { echo "==> $*"; }
run() {
    if (( DRY_RUN )); then echo "DRY: $*"; else "$@"; fi
}

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --help) echo "usage: $0 [--dry-run]"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 64 ;;
    esac
done

if ! id "$SRV_USER" >/dev/null 2>&1; then
    echo "service user $SRV_USER does not exist; install the server package first" >&2
    exit 1
fi

say "validating sudo access"
run sudo -v

say "applying kernel network tuning"
tmp_conf="$(printf '# managed by dedicated_host_tune.sh\n')"
for key in "${!NET_TUNING[@]}"; do
    value="${NET_TUNING[$key]}"
    run sudo sysctl -w "${key}=${value}"
    tmp_conf+=$'\n'"${key} = ${value}"
done
if (( DRY_RUN )); then
    echo "DRY: write ${SYSCTL_CONF}"
else
    printf '%s\n' "$tmp_conf" | sudo tee "$SYSCTL_CONF" >/dev/null
    sudo chmod 0644 "$SYSCTL_CONF"
fi

say "raising open-file limits for ${SRV_USER}"
if (( DRY_RUN )); then
    echo "DRY: write ${LIMITS_CONF}"
else
    sudo tee "$LIMITS_CONF" >/dev/null <<EOF
${SRV_USER} soft nofile 65536
${SRV_USER} hard nofile 65536
EOF
fi

say "opening UDP ${GAME_PORT} and ${QUERY_PORT}"
for port in "$GAME_PORT" "$QUERY_PORT"; do
    if ! sudo iptables -C INPUT -p udp --dport "$port" -j ACCEPT 2>/dev/null; then
        run sudo iptables -I INPUT -p udp --dport "$port" -m comment \
            --comment "hlserver" -j ACCEPT
    fi
done

say "restarting ${SERVICE}"
run sudo systemctl restart "$SERVICE"
sleep 2
if systemctl is-active --quiet "$SERVICE"; then
    say "${SERVICE} is running"
else
    echo "warning: ${SERVICE} did not come up; check journalctl -u ${SERVICE}" >&2
    exit 1
fi
