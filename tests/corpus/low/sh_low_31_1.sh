#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
bash -c "echo hi"
count=$(ls | wc -l)
echo "files: $count"
