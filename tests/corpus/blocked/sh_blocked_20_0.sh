#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
set -eu
setenforce 0
log() { echo "[$(date +%H:%M:%S)] $*"; }
