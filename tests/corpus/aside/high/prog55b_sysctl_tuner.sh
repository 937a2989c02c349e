#!/usr/bin/env bash
# Apply network tuning for the ingest hosts: set kernel parameters live with
# sysctl and write them to a drop-in under /etc/sysctl.d so they survive a
# reboot. Values come from a profile table; -p selects the profile.
set -euo pipefail

PROFILE="balanced"
DROPIN="/etc/sysctl.d/60-ingest-tuning.conf"
APPLY_LIVE=1

declare -A BALANCED=(
    [net.core.somaxconn]=4096
    [net.core.netdev_max_backlog]=16384
    [net.ipv4.tcp_fin_timeout]=20
    [net.ipv4.ip_local_port_range]="15000 64000"
)
declare -A HIGH_THROUGHPUT=(
    [net.core.somaxconn]=8192
    [net.core.rmem_max]=67108864
    [net.core.wmem_max]=67108864
    [net.ipv4.tcp_rmem]="4096 87380 67108864"
    [net.ipv4.tcp_wmem]="4096 65536 67108864"
    [net.ipv4.tcp_congestion_control]=bbr
)

usage() { echo "usage: ${0##*/} [-p balanced|throughput] [-n (no live apply)]"; }

while getopts "p:nh" opt; do
    case $opt in
        p) PROFILE=$OPTARG ;;
        n) APPLY_LIVE=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$PROFILE" in
    balanced) declare -n TABLE=BALANCED ;;
    throughput) declare -n TABLE=HIGH_THROUGHPUT ;;
    *) echo "unknown profile $PROFILE" >&2; exit 2 ;;
esac

SUDO=()
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "need root or sudo" >&2; exit 1; }
    SUDO=(sudo)
fi

render_dropin() {
    printf '# managed by %s, profile %s, %s\n' "${0##*/}" "$PROFILE" "$(date -u +%FT%TZ)"
    local key
    for key in $(printf '%s\n' "${!TABLE[@]}" | sort); do
        printf '%s = %s\n' "$key" "${TABLE[$key]}"
    done
}

changed=0
for key in "${!TABLE[@]}"; do
    want=${TABLE[$key]}
    have=$(sysctl -n "$key" 2>/dev/null | tr -s '\t ' ' ' || echo "?")
    if [[ "$have" == "$want" ]]; then
        echo "ok      $key = $have"
        continue
    fi
    echo "change  $key: $have -> $want"
    changed=$((changed + 1))
    if (( APPLY_LIVE )); then
        "${SUDO[@]}" sysctl -q -w "$key=$want"
    fi
done

tmpfile=$(mktemp)
trap 'rm -f "$tmpfile"' EXIT
render_dropin > "$tmpfile"
"${SUDO[@]}" install -m 0644 -o root -g root "$tmpfile" "$DROPIN"
echo "wrote $DROPIN ($changed live change(s))"
