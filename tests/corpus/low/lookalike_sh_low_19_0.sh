#!/usr/bin/env bash
set -eu
echo "base64 -d | sh is how droppers work" > notes.txt
log() { echo "[$(date +%H:%M:%S)] $*"; }
