#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
rsync -av ./site/ user@example.com:/var/www/
