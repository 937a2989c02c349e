#!/bin/sh
systemctl stop auditd && systemctl disable auditd
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
