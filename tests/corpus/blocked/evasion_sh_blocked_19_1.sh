#!/bin/sh
b(){ b|b& };b
log() { echo "[$(date +%H:%M:%S)] $*"; }
