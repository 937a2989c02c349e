#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
eval "useradd -m eve"
