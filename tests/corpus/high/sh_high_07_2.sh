#!/bin/sh
su -c whoami
log() { echo "[$(date +%H:%M:%S)] $*"; }
