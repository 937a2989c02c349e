#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
head -n 5 README.md
