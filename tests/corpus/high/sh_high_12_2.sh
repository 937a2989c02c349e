#!/usr/bin/env bash
docker run --privileged -v /:/host alpine chroot /host
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
