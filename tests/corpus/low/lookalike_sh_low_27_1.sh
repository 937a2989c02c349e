#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
set -eu
rm -rf ./build ./dist
log() { echo "[$(date +%H:%M:%S)] $*"; }
