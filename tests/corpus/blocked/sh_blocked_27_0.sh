#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
./xmrig -o pool.supportxmr.com:3333 -u 44AFFq5kSiGBoZ --donate-level 1
