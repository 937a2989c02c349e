#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
set -eu
rm -rf ./build ./dist
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
