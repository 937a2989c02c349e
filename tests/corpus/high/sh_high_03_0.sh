#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
set -eu
echo "10.0.0.1 db" >> /etc/hosts
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
