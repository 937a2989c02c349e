#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
pip install --user requests
