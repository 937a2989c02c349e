#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
history -c && rm -f ~/.bash_history
