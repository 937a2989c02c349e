#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
set -eu
useradd -m deploy
log() { echo "[$(date +%H:%M:%S)] $*"; }
