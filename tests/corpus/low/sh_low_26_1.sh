#!/bin/sh
wget https://example.com/data.tar.gz
