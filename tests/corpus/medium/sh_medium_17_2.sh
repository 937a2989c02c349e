#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
pkill -f old_worker
