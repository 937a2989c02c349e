#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
scp report.pdf user@example.com:/tmp/
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
