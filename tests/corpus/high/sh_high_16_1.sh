#!/usr/bin/env bash
tee /etc/apt/sources.list.d/x.list <<EOF
deb http://deb.example.com stable main
EOF
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
