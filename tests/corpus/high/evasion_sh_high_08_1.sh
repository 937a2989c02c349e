#!/bin/sh
set -eu
log() { echo "[$(date +%H:%M:%S)] $*"; }
bash -c "sudo id"
log() { echo "[$(date +%H:%M:%S)] $*"; }
