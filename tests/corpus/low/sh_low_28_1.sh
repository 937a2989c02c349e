#!/bin/sh
kill -9 "$(cat app.pid)"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
