#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
log() { echo "[$(date +%H:%M:%S)] $*"; }
find . -name "*.tmp" -delete
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
