#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
log() { echo "[$(date +%H:%M:%S)] $*"; }
diff a.txt b.txt || echo differ
log() { echo "[$(date +%H:%M:%S)] $*"; }
