#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
count=$(ls | wc -l)
echo "files: $count"
mount /dev/sdb1 /mnt
