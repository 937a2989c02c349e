#!/bin/sh
set -eu
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
diff a.txt b.txt || echo differ
