#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
set -eu
npm install
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
