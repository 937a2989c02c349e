#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
uname -a
whoami
id
