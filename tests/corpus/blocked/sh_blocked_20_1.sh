#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
set -eu
setenforce 0
log() { echo "[$(date +%H:%M:%S)] $*"; }
