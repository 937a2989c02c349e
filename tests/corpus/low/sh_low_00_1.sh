#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
count=$(ls | wc -l)
echo "files: $count"
echo "hello"
ls -la
log() { echo "[$(date +%H:%M:%S)] $*"; }
