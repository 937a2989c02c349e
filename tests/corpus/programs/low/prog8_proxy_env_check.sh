#!/bin/sh
# Prints the proxy settings of this shell, to help with "cannot download" tickets.
found=0
for var in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
    value=$(printenv "$var" || true)
    if [ -n "$value" ]; then
        printf '%-12s %s\n' "$var" "$value"
        found=1
    fi
done
if [ "$found" -eq 0 ]; then
    echo "no proxy variables set"
fi
env | grep -ci proxy || true
