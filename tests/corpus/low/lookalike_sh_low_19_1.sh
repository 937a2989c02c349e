#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
echo "base64 -d | sh is how droppers work" > notes.txt
set -eu
