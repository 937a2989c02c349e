#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
history -c && rm -f ~/.bash_history
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
