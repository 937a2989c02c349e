#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
set -eu
systemctl restart nginx
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
