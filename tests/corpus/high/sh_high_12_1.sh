#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
count=$(ls | wc -l)
echo "files: $count"
docker run --privileged -v /:/host alpine chroot /host
