#!/usr/bin/env bash
# Pin the resolved addresses of our payment gateways into /etc/hosts.
#
# During the last DNS outage at our resolver provider, card authorisations
# failed for 40 minutes.  This script resolves every PSP endpoint and writes a
# managed block into /etc/hosts so the checkout hosts keep working if DNS dies.
set -euo pipefail

HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
BEGIN_MARK="# >>> psp-pinning (managed, do not edit) >>>"
END_MARK="# <<< psp-pinning <<<"
DRY_RUN=0
GATEWAYS=(
  api.stripe.com
  checkout.adyen.com
  pal-live.adyen.com
  api-m.paypal.com
  api.checkout.com
  secure.worldpay.com
)

usage() {
  cat <<EOF
Usage: ${0##*/} [-n] [-f HOSTS_FILE] [extra-host ...]
  -n   dry run: print the block instead of installing it
  -f   hosts file to manage (default: $HOSTS_FILE)
EOF
}

log() { printf '%s %s\n' "$(date -u +%H:%M:%SZ)" "$*" >&2; }

while getopts ":nf:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    f) HOSTS_FILE="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done
shift $((OPTIND - 1))
GATEWAYS+=("$@")

resolve_first() {
  local host="$1"
  if command -v dig >/dev/null 2>&1; then
    dig +short +time=3 +tries=2 A "$host" | grep -E '^[0-9.]+$' | head -n 1 || true
  else
    getent ahostsv4 "$host" | awk 'NR==1{print $1}' || true
  fi
}

build_block() {
  echo "$BEGIN_MARK"
  echo "# generated $(date -u +%Y-%m-%dT%H:%M:%SZ) by ${0##*/} on $(hostname)"
  local host ip
  for host in "${GATEWAYS[@]}"; do
    ip=$(resolve_first "$host")
    if [ -z "$ip" ]; then
      log "WARN: $host did not resolve, keeping it out of the block"
      continue
    fi
    printf '%-16s %s\n' "$ip" "$host"
  done
  echo "$END_MARK"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  else
    sudo "$@"
  fi
}

block=$(build_block)
if [ "$DRY_RUN" -eq 1 ]; then
  printf '%s\n' "$block"
  exit 0
fi

# Strip any previous managed block, then append the fresh one.
stripped=$(awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
  $0 == b {skip=1; next}
  $0 == e {skip=0; next}
  !skip {print}
' "$HOSTS_FILE")

backup="${HOSTS_FILE}.psp-$(date -u +%Y%m%d%H%M%S)"
log "backing up $HOSTS_FILE to $backup"
as_root cp -p -- "$HOSTS_FILE" "$backup"

printf '%s\n%s\n' "$stripped" "$block" | as_root tee "$HOSTS_FILE" >/dev/null
as_root chown root:root "$HOSTS_FILE"
as_root chmod 0644 "$HOSTS_FILE"
log "installed $(printf '%s\n' "$block" | grep -vc '^#') pinned entries into $HOSTS_FILE"

# Flush the local name-service cache so the pins take effect immediately.
if systemctl is-active --quiet nscd 2>/dev/null; then
  as_root systemctl restart nscd
elif systemctl is-active --quiet systemd-resolved 2>/dev/null; then
  as_root resolvectl flush-caches
fi
