#!/bin/bash
# Prepare a research VM for a large archive crawl (millions of short-lived
# HTTP connections): widen the ephemeral port range, shorten TIME_WAIT reuse,
# raise open-file limits. Settings are written so they survive a reboot.
set -euo pipefail

SYSCTL_FILE="/etc/sysctl.d/60-archive-crawler.conf"
LIMITS_FILE="/etc/security/limits.d/60-archive-crawler.conf"
CRAWL_USER="${CRAWL_USER:-$(id -un)}"
NOFILE="${NOFILE:-262144}"

declare -A TUNABLES=(
  [net.ipv4.ip_local_port_range]="10240 65000"
  [net.ipv4.tcp_tw_reuse]="1"
  [net.ipv4.tcp_fin_timeout]="15"
  [net.core.somaxconn]="4096"
  [fs.file-max]="2097152"
)

say() { printf '%s %s\n' "$(date +%T)" "$*"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo "$@"
  fi
}

show_current() {
  say "current values:"
  for key in "${!TUNABLES[@]}"; do
    printf '  %-32s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
  done
}

apply_runtime() {
  for key in "${!TUNABLES[@]}"; do
    say "sysctl -w $key=${TUNABLES[$key]}"
    as_root sysctl -w "$key=${TUNABLES[$key]}" >/dev/null
  done
}

persist() {
  local tmp
  tmp="$(mktemp --suffix=.conf)"
  {
    echo "# written by crawler host tuning on $(date -Is)"
    for key in "${!TUNABLES[@]}"; do
      echo "$key = ${TUNABLES[$key]}"
    done
  } > "$tmp"
  as_root install -m 0644 -o root -g root "$tmp" "$SYSCTL_FILE"
  rm -f "$tmp"
  printf '%s soft nofile %s\n%s hard nofile %s\n' \
    "$CRAWL_USER" "$NOFILE" "$CRAWL_USER" "$NOFILE" | as_root tee "$LIMITS_FILE" >/dev/null
  say "persisted to $SYSCTL_FILE and $LIMITS_FILE"
}

revert() {
  as_root rm -f "$SYSCTL_FILE" "$LIMITS_FILE"
  as_root sysctl --system >/dev/null
  say "reverted; reboot or re-login to reset limits"
}

case "${1:-apply}" in
  show)   show_current ;;
  apply)  show_current; apply_runtime; persist; show_current ;;
  revert) revert ;;
  *) echo "usage: $0 [show|apply|revert]" >&2; exit 2 ;;
esac
