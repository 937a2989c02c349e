#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
bash -c "sudo id"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
