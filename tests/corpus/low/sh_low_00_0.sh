#!/usr/bin/env bash
set -eu
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
echo "hello"
ls -la
