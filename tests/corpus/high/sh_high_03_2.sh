#!/bin/sh
echo "10.0.0.1 db" >> /etc/hosts
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
