#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
set -eu
chmod 4755 ./helper
log() { echo "[$(date +%H:%M:%S)] $*"; }
