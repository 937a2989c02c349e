#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
uname -a
whoami
id
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
