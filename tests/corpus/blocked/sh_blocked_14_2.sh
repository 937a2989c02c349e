#!/bin/sh
set -eu
count=$(ls | wc -l)
echo "files: $count"
rm -rf ~/*
log() { echo "[$(date +%H:%M:%S)] $*"; }
