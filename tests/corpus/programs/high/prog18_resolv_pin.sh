#!/usr/bin/env bash
# Keeps DHCP from changing the resolver on the build hosts: marks the
# resolver configuration immutable after checking it points at our DNS.
set -euo pipefail

EXPECTED=${EXPECTED_NS:-10.0.0.53}
CONF=/etc/resolv.conf

if ! grep -q "nameserver $EXPECTED" "$CONF"; then
  echo "resolver is not $EXPECTED, not pinning" >&2
  exit 1
fi

if lsattr "$CONF" | cut -c5 | grep -q i; then
  echo "already pinned"
  exit 0
fi

chattr +i "$CONF"
echo "pinned $CONF"
