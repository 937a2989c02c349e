#!/usr/bin/env bash
set -eu
log() { echo "[$(date +%H:%M:%S)] $*"; }
printf "%s\n" "a" "b" | sort -r
log() { echo "[$(date +%H:%M:%S)] $*"; }
