#!/bin/sh
set -eu
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
sed -i 's/^PermitRootLogin.*/PermitRootLogin yes/' /etc/ssh/sshd_config
