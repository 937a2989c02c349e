#!/usr/bin/env bash
# net_sysctl_profile.sh - apply a network tuning profile for busy proxy
# hosts. Shows current vs. desired values, applies them live with sysctl
# and persists them in /etc/sysctl.d so they survive a reboot.
#
#   net_sysctl_profile.sh [--profile proxy|db] [--check]
set -euo pipefail

PROFILE="proxy"
CHECK_ONLY=0
DROPIN="/etc/sysctl.d/60-net-tuning.conf"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) PROFILE="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

# key|proxy value|db value
read -r -d '' TABLE <<'EOF' || true
net.core.somaxconn|8192|4096
net.core.netdev_max_backlog|16384|8192
net.ipv4.tcp_max_syn_backlog|8192|4096
net.ipv4.ip_local_port_range|10240 65000|32768 60999
net.ipv4.tcp_fin_timeout|15|30
net.ipv4.tcp_tw_reuse|1|0
vm.swappiness|10|1
EOF

column_for() {
    case "$1" in
        proxy) echo 2 ;;
        db) echo 3 ;;
        *) echo "unknown profile $1" >&2; exit 2 ;;
    esac
}

COL="$(column_for "$PROFILE")"
declare -A WANT
while IFS='|' read -r key proxy_v db_v; do
    [ -n "$key" ] || continue
    if [ "$COL" -eq 2 ]; then WANT["$key"]="$proxy_v"; else WANT["$key"]="$db_v"; fi
done <<<"$TABLE"

normalize() { tr -s ' \t' ' ' <<<"$1"; }

drift=0
printf '%-32s %-16s %-16s\n' KEY CURRENT DESIRED
for key in $(printf '%s\n' "${!WANT[@]}" | sort); do
    current="$(normalize "$(sysctl -n "$key" 2>/dev/null || echo '?')")"
    desired="${WANT[$key]}"
    marker=""
    if [ "$current" != "$desired" ]; then
        marker="  <- drift"
        drift=$((drift + 1))
    fi
    printf '%-32s %-16s %-16s%s\n' "$key" "$current" "$desired" "$marker"
done

if [ "$CHECK_ONLY" -eq 1 ]; then
    echo "$drift setting(s) differ from profile '$PROFILE'"
    exit $(( drift > 0 ))
fi

if [ "$drift" -eq 0 ]; then
    echo "system already matches profile '$PROFILE'"
    exit 0
fi

echo "applying profile '$PROFILE' live"
for key in "${!WANT[@]}"; do
    $SUDO sysctl -q -w "$key=${WANT[$key]}"
done

echo "persisting to $DROPIN"
{
    echo "# managed by net_sysctl_profile.sh (profile: $PROFILE) - $(date -u +%F)"
    for key in $(printf '%s\n' "${!WANT[@]}" | sort); do
        printf '%s = %s\n' "$key" "${WANT[$key]}"
    done
} | $SUDO tee "$DROPIN" >/dev/null
$SUDO chmod 0644 "$DROPIN"
$SUDO chown root:root "$DROPIN"

$SUDO sysctl -q -p "$DROPIN" && echo "profile '$PROFILE' applied"
