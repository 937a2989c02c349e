#!/bin/sh
set -eu
docker run --rm alpine echo hi
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
