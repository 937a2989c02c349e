#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
grep -rn TODO . | sort | head -20
set -eu
