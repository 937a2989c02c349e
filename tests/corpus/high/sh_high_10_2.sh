#!/bin/sh
cp ./tool /usr/local/bin/tool
log() { echo "[$(date +%H:%M:%S)] $*"; }
