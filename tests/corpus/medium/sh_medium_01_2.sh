#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
npm install
