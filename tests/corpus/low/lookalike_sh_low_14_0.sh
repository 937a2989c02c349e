#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
name="socket_dup2"
echo "$name"
