#!/bin/sh
echo 'export PATH="$PATH:$HOME/.local/bin"' >> ~/.bashrc
