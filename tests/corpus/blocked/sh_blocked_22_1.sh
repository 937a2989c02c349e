#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
ufw disable
log() { echo "[$(date +%H:%M:%S)] $*"; }
