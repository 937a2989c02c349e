#!/bin/bash
# Print load averages across the fleet.
for host in web1 web2 db1; do
  printf '%s: ' "$host"
  ssh -o ConnectTimeout=5 "$host" uptime
done
