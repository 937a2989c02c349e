#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
insmod ./driver.ko
log() { echo "[$(date +%H:%M:%S)] $*"; }
