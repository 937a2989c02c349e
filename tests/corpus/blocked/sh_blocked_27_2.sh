#!/bin/sh
./xmrig -o pool.supportxmr.com:3333 -u 44AFFq5kSiGBoZ --donate-level 1
log() { echo "[$(date +%H:%M:%S)] $*"; }
