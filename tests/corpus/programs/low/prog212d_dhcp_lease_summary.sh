#!/usr/bin/env bash
# dhcp_lease_summary.sh - summarise a dnsmasq lease export per customer pool.
#
# The lease file is exported to the working directory by the nightly sync
# (format: expiry mac ip hostname client-id).  Pools come from ./pools.txt
# ("name cidr" per line) or the built-in defaults.
#
# Usage: dhcp_lease_summary.sh [-l LEASES] [-p POOLS] [-o REPORT.md]
set -euo pipefail

LEASES="./dnsmasq.leases"
POOLS_FILE="./pools.txt"
REPORT="./lease_summary.md"

while getopts ":l:p:o:" opt; do
  case "$opt" in
    l) LEASES="$OPTARG" ;;
    p) POOLS_FILE="$OPTARG" ;;
    o) REPORT="$OPTARG" ;;
    *) sed -n '2,8p' "$0"; exit 2 ;;
  esac
done

[[ -r "$LEASES" ]] || { echo "lease file $LEASES not found" >&2; exit 2; }

if [[ -r "$POOLS_FILE" ]]; then
  POOLS="$(grep -Ev '^\s*(#|$)' "$POOLS_FILE")"
else
  POOLS=$'residential-north 198.51.100.0/25\nresidential-south 198.51.100.128/25\nbusiness 203.0.113.0/26'
fi
export POOLS

NOW="$(date +%s)"
TOTAL="$(grep -c . "$LEASES" || true)"
echo "read $TOTAL leases from $LEASES" >&2

# Count leases per pool; expired and unknown-pool leases tallied separately
TABLE="$(grep -v '^\s*$' "$LEASES" | NOW="$NOW" python3 -c '
import ipaddress, os, sys
pools = []
for line in os.environ["POOLS"].splitlines():
    name, cidr = line.split()
    pools.append((name, ipaddress.ip_network(cidr)))
now = int(os.environ["NOW"])
counts = {name: [0, net.num_addresses - 2] for name, net in pools}
expired = unknown = 0
for line in sys.stdin:
    parts = line.split()
    if len(parts) < 3:
        continue
    expiry, ip = int(parts[0]), ipaddress.ip_address(parts[2])
    if expiry and expiry < now:
        expired += 1
        continue
    for name, net in pools:
        if ip in net:
            counts[name][0] += 1
            break
    else:
        unknown += 1
for name, (used, size) in counts.items():
    print(f"| {name} | {used} | {size} | {used * 100 // max(size, 1)}% |")
print(f"#expired {expired}")
print(f"#unknown {unknown}")
')"

EXPIRED="$(sed -n 's/^#expired //p' <<< "$TABLE")"
UNKNOWN="$(sed -n 's/^#unknown //p' <<< "$TABLE")"

{
  echo "# DHCP lease summary ($(date '+%F %H:%M'))"
  echo
  echo "| pool | active | size | used |"
  echo "|------|--------|------|------|"
  grep '^|' <<< "$TABLE"
  echo
  echo "- total lease lines: $TOTAL"
  echo "- expired: $EXPIRED"
  echo "- outside known pools: $UNKNOWN"
} > "$REPORT"

echo "report written to $REPORT" >&2
awk -F'|' 'NR>4 && /\|/ { gsub(/[ %]/, "", $5); if ($5+0 >= 85) print "pool" $2 "is above 85% used" }' "$REPORT" >&2
