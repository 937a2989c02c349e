#!/bin/bash
# Restart the web tier on every host in the inventory file.
set -euo pipefail
HOSTS_FILE=${1:-hosts.txt}
while read -r host; do
  [ -z "$host" ] && continue
  echo "== $host"
  ssh -o BatchMode=yes "$host" sudo systemctl restart nginx
done < "$HOSTS_FILE"
