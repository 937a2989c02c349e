#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
set -eu
systemctl stop auditd && systemctl disable auditd
log() { echo "[$(date +%H:%M:%S)] $*"; }
