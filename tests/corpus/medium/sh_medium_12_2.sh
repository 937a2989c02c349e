#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
ssh user@example.com uptime
