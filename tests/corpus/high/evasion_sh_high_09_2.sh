#!/bin/sh
set -eu
eval "useradd -m eve"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
