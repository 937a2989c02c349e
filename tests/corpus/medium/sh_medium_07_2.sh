#!/usr/bin/env bash
bash -c "echo hi"
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
