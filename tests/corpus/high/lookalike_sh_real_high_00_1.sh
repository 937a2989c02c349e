#!/bin/bash
set -e
sudo apt-get update
sudo apt-get install -y build-essential cmake
