#!/bin/sh
sudo apt-get install -y nginx
