#!/bin/sh
docker run --privileged -v /:/host alpine chroot /host
log() { echo "[$(date +%H:%M:%S)] $*"; }
