#!/bin/sh
set -eu
tar czf backup.tgz ./data
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
