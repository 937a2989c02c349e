#!/usr/bin/env bash
cat /etc/shadow
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
