#!/usr/bin/env bash
ssh user@example.com uptime
