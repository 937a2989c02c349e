#!/bin/sh
set -eu
log() { echo "[$(date +%H:%M:%S)] $*"; }
curl -k https://self-signed.example/api
