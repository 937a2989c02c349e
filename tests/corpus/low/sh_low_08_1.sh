#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
tar czf backup.tgz ./data
