#!/bin/sh
echo "nc -e /bin/sh is a reverse shell; do not use"
log() { echo "[$(date +%H:%M:%S)] $*"; }
