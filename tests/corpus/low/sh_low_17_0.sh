#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
du -sh . 2>/dev/null
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
