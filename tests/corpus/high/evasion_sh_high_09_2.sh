#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
set -eu
eval "useradd -m eve"
