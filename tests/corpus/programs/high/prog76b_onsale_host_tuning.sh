#!/usr/bin/env bash
# onsale_host_tuning.sh - prepare a ticket-shop web node for a high-demand
# on-sale (stadium tours, festival drops).  Raises connection backlog, port
# range and file limits to the values the load tests were run with.
#
# Usage: onsale_host_tuning.sh [--profile FILE] [--check] [--no-persist]
set -Eeuo pipefail

PROFILE="./onsale.profile"
CHECK_ONLY=0
PERSIST=1
PERSIST_FILE="/etc/sysctl.d/90-onsale.conf"
LIMITS_FILE="/etc/security/limits.d/90-onsale.conf"
SERVICE_USER="${SERVICE_USER:-shop}"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --profile)    PROFILE="$2"; shift 2 ;;
    --check)      CHECK_ONLY=1; shift ;;
    --no-persist) PERSIST=0; shift ;;
    -h|--help)    sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 64 ;;
  esac
done

log() { printf '[onsale-tune] %s\n' "$*" >&2; }
trap 'log "failed at line $LINENO"' ERR

# the values the last load test passed with; a profile file may override them
declare -A TARGET=(
  [net.core.somaxconn]=65535
  [net.ipv4.tcp_max_syn_backlog]=65535
  [net.ipv4.ip_local_port_range]="10240 65000"
  [net.ipv4.tcp_tw_reuse]=1
  [net.ipv4.tcp_fin_timeout]=15
  [net.core.netdev_max_backlog]=16384
  [fs.file-max]=2097152
)

if [[ -f "$PROFILE" ]]; then
  while IFS='=' read -r key value; do
    key="${key// /}"; value="${value#"${value%%[! ]*}"}"
    [[ -z "$key" || "$key" == \#* ]] && continue
    TARGET[$key]="$value"
  done < "$PROFILE"
  log "loaded profile $PROFILE"
fi

elevate() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v doas >/dev/null 2>&1; then
    doas "$@"
  else
    sudo "$@"
  fi
}

current() { sysctl -n "$1" 2>/dev/null | tr -s '\t ' ' '; }

pending=()
for key in "${!TARGET[@]}"; do
  want="${TARGET[$key]}"
  have="$(current "$key" || echo "?")"
  if [[ "$have" == "$want" ]]; then
    log "ok      $key = $have"
  else
    log "change  $key: $have -> $want"
    pending+=("$key")
  fi
done

if [[ $CHECK_ONLY -eq 1 ]]; then
  log "${#pending[@]} setting(s) differ from profile"
  exit $(( ${#pending[@]} > 0 ))
fi

for key in "${pending[@]}"; do
  elevate sysctl -q -w "$key=${TARGET[$key]}"
done

if [[ $PERSIST -eq 1 ]]; then
  {
    echo "# managed by onsale_host_tuning.sh - $(date -u +%F)"
    for key in $(printf '%s\n' "${!TARGET[@]}" | sort); do
      echo "$key = ${TARGET[$key]}"
    done
  } | elevate tee "$PERSIST_FILE" >/dev/null
  printf '%s soft nofile 262144\n%s hard nofile 524288\n' "$SERVICE_USER" "$SERVICE_USER" \
    | elevate tee "$LIMITS_FILE" >/dev/null
  elevate sysctl -q --system >/dev/null
  log "persisted to $PERSIST_FILE and $LIMITS_FILE"
fi

log "applied ${#pending[@]} change(s); restart the shop workers to pick up new limits"
