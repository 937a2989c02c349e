#!/usr/bin/env bash
apt-get remove -y apparmor-utils
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
