#!/bin/sh
ufw disable
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
