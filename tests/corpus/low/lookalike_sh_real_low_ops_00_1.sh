#!/bin/sh
# Set up an SSH key, then tell the (public) status API we are ready.
ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519 -N ""
curl -s https://status.example.com/api/ready
