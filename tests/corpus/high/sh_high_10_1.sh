#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
cp ./tool /usr/local/bin/tool
