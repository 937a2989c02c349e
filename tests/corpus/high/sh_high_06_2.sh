#!/bin/sh
systemctl restart nginx
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
