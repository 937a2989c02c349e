#!/bin/sh
test -f config.yaml && echo present
log() { echo "[$(date +%H:%M:%S)] $*"; }
