#!/bin/sh
printf "%s\n" "a" "b" | sort -r
log() { echo "[$(date +%H:%M:%S)] $*"; }
