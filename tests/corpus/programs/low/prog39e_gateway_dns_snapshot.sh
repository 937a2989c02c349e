#!/usr/bin/env bash
# Snapshot the resolved addresses of our payment gateways and acquirers.
#
# Results go to ./dns_snapshots/<timestamp>.tsv in the current directory and
# are diffed against the previous snapshot, so the on-call engineer can see
# when a PSP moved its endpoints (and update the egress allow-list ticket).
set -euo pipefail

SNAP_DIR="${SNAP_DIR:-./dns_snapshots}"
KEEP="${KEEP:-30}"
VERBOSE=0
GATEWAYS=(
  api.stripe.com
  checkout.adyen.com
  pal-live.adyen.com
  api-m.paypal.com
  api.checkout.com
  secure.worldpay.com
  ipg-online.com
)

usage() {
  cat <<EOF
Usage: ${0##*/} [-d DIR] [-k KEEP] [-v] [extra-host ...]
  -d DIR   snapshot directory (default: $SNAP_DIR)
  -k N     number of snapshots to keep (default: $KEEP)
  -v       verbose
EOF
}

log() { printf '%s %s\n' "$(date -u +%H:%M:%SZ)" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

while getopts ":d:k:vh" opt; do
  case "$opt" in
    d) SNAP_DIR="$OPTARG" ;;
    k) KEEP="$OPTARG" ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done
shift $((OPTIND - 1))
GATEWAYS+=("$@")

resolve() {
  local host="$1" addrs=""
  if command -v dig >/dev/null 2>&1; then
    addrs=$(dig +short +time=3 +tries=2 A "$host" | grep -E '^[0-9.]+$' || true)
  else
    addrs=$(getent ahostsv4 "$host" | awk '{print $1}' || true)
  fi
  printf '%s\n' "$addrs" | sed '/^$/d' | sort -u -t. -k1,1n -k2,2n -k3,3n -k4,4n
}

mkdir -p "$SNAP_DIR"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
current="$SNAP_DIR/$stamp.tsv"
previous=$(ls -1 "$SNAP_DIR"/*.tsv 2>/dev/null | sort | tail -n 1 || true)

failures=0
: > "$current"
for host in "${GATEWAYS[@]}"; do
  vlog "resolving $host"
  ips=$(resolve "$host")
  if [ -z "$ips" ]; then
    log "WARN: $host did not resolve"
    failures=$((failures + 1))
    printf '%s\t%s\n' "$host" "-" >> "$current"
    continue
  fi
  while IFS= read -r ip; do
    printf '%s\t%s\n' "$host" "$ip" >> "$current"
  done <<< "$ips"
done

log "wrote $current ($(wc -l < "$current") records, $failures unresolved)"

if [ -n "$previous" ] && [ "$previous" != "$current" ]; then
  if diff -q "$previous" "$current" >/dev/null; then
    log "no change since ${previous##*/}"
  else
    log "changes since ${previous##*/}:"
    diff --unchanged-line-format='' \
         --old-line-format='  - %L' \
         --new-line-format='  + %L' "$previous" "$current" || true
  fi
fi

# prune our own old snapshots
count=$(ls -1 "$SNAP_DIR"/*.tsv | wc -l)
if [ "$count" -gt "$KEEP" ]; then
  ls -1 "$SNAP_DIR"/*.tsv | sort | head -n $((count - KEEP)) | while read -r old; do
    vlog "pruning $old"
    rm -f -- "$old"
  done
fi

exit $(( failures > 0 ? 1 : 0 ))
