#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
python3 -m http.server 8080
count=$(ls | wc -l)
echo "files: $count"
