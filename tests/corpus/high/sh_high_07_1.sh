#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
log() { echo "[$(date +%H:%M:%S)] $*"; }
su -c whoami
