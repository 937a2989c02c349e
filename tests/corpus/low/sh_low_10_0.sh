#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
log() { echo "[$(date +%H:%M:%S)] $*"; }
sed "s/foo/bar/g" input.txt > output.txt
