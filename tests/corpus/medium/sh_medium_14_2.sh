#!/bin/sh
set -eu
log() { echo "[$(date +%H:%M:%S)] $*"; }
find . -name "*.tmp" -delete
