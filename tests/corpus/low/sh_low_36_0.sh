#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
find . -name "*.tmp" -delete
