#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
nc -z example.com 443 && echo open
log() { echo "[$(date +%H:%M:%S)] $*"; }
