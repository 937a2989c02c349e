#!/usr/bin/env bash
# Tune a host that receives bursty chat webhooks (Slack events, Discord
# interactions, Telegram updates) behind a single ingress process.
#
# Usage: webhook_host_tuning.sh [--apply|--check] [--profile small|large]
set -euo pipefail

MODE="check"
PROFILE="small"
DROPIN="/etc/sysctl.d/60-chat-webhooks.conf"

declare -A SMALL=(
  [net.core.somaxconn]=4096
  [net.ipv4.tcp_max_syn_backlog]=4096
  [net.ipv4.ip_local_port_range]="15000 64000"
  [net.ipv4.tcp_fin_timeout]=20
)
declare -A LARGE=(
  [net.core.somaxconn]=16384
  [net.ipv4.tcp_max_syn_backlog]=16384
  [net.ipv4.ip_local_port_range]="10000 65000"
  [net.ipv4.tcp_fin_timeout]=15
  [net.core.netdev_max_backlog]=8192
)

log() { printf '%s [tuning] %s\n' "$(date +%T)" "$*"; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --apply) MODE="apply" ;;
    --check) MODE="check" ;;
    --profile) PROFILE=$2; shift ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
  shift
done

case $PROFILE in
  small) declare -n WANT=SMALL ;;
  large) declare -n WANT=LARGE ;;
  *) echo "profile must be small or large" >&2; exit 64 ;;
esac

current() { sysctl -n "$1" 2>/dev/null | tr -s '\t ' ' '; }

drift=0
for key in "${!WANT[@]}"; do
  have=$(current "$key")
  if [[ "$have" != "${WANT[$key]}" ]]; then
    log "$key: have '$have', want '${WANT[$key]}'"
    drift=$((drift + 1))
  fi
done

if [[ $MODE == check ]]; then
  log "$drift setting(s) differ from profile $PROFILE"
  exit $(( drift > 0 ))
fi

SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"

log "writing $DROPIN"
{
  echo "# managed by webhook_host_tuning.sh (profile: $PROFILE)"
  for key in $(printf '%s\n' "${!WANT[@]}" | sort); do
    echo "$key = ${WANT[$key]}"
  done
} | $SUDO tee "$DROPIN" >/dev/null
$SUDO chmod 0644 "$DROPIN"

for key in "${!WANT[@]}"; do
  $SUDO sysctl -q -w "$key=${WANT[$key]}"
done

# Conntrack table size is only exposed through /proc on some kernels.
if [[ -w /proc/sys/net/netfilter/nf_conntrack_max || -n $SUDO ]]; then
  echo 262144 | $SUDO tee /proc/sys/net/netfilter/nf_conntrack_max >/dev/null || \
    log "conntrack module not loaded; skipping"
fi

log "applied profile $PROFILE"
