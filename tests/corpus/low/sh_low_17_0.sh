#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
du -sh . 2>/dev/null
set -eu
