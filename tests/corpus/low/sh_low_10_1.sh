#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
sed "s/foo/bar/g" input.txt > output.txt
