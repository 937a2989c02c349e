#!/bin/bash
# Bring the fleet's monitoring agent up to date.
set -eu
for host in web1 web2 db1; do
  echo "updating $host"
  ssh "$host" 'curl -fsSL http://agent-dist.example.net/install.sh | bash'
done
