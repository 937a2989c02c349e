#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
eval "$(ssh-agent -s)"
count=$(ls | wc -l)
echo "files: $count"
