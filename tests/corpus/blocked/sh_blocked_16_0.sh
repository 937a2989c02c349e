#!/bin/sh
mkfs.ext4 /dev/sda1
log() { echo "[$(date +%H:%M:%S)] $*"; }
