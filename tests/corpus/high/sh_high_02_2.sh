#!/bin/sh
chmod 4755 ./helper
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
