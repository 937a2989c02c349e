#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
tee /etc/apt/sources.list.d/x.list <<EOF
deb http://deb.example.com stable main
EOF
log() { echo "[$(date +%H:%M:%S)] $*"; }
