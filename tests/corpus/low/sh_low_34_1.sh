#!/bin/sh
ssh user@example.com uptime
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
