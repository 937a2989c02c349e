#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
log() { echo "[$(date +%H:%M:%S)] $*"; }
bash -c "echo hi"
