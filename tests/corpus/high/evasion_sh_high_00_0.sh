#!/bin/sh
S=sudo
$S apt-get install -y vim
