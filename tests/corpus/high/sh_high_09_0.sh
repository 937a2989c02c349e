#!/bin/sh
mount /dev/sdb1 /mnt
log() { echo "[$(date +%H:%M:%S)] $*"; }
