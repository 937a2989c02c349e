#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
python3 -c "print(1 + 1)"
log() { echo "[$(date +%H:%M:%S)] $*"; }
