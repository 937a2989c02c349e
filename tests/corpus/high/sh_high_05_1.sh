#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
useradd -m deploy
